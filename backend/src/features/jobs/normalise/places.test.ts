import { describe, expect, it } from 'vitest';
import { CITIES, US_STATES } from './places-data';
import {
  CONTINENTS,
  COUNTRIES,
  countryByName,
  guessCountryForJsonLd,
  placeLabel,
  resolvePlace,
} from './places';

describe('place data', () => {
  it('has at least 120 countries with unique ISO codes, 150 cities and every US state', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(120);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(Object.keys(CITIES).length).toBeGreaterThanOrEqual(150);
    expect(Object.keys(US_STATES)).toHaveLength(51);
  });

  it('maps every city to a known country and every country to a spec continent', () => {
    const codes = new Set(COUNTRIES.map((c) => c.code));
    for (const code of Object.values(CITIES)) expect(codes.has(code)).toBe(true);
    for (const country of COUNTRIES) expect(CONTINENTS).toContain(country.continent);
  });
});

describe('resolvePlace', () => {
  it.each([
    ['Berlin, Germany', 'DE', 'Europe'],
    ['Berlin, DE', 'DE', 'Europe'],
    ['San Francisco, CA', 'US', 'North America'],
    ['Austin, TX', 'US', 'North America'],
    ['Wilmington, DE', 'US', 'North America'],
    ['Portland, OR', 'US', 'North America'],
    ['Indianapolis, IN', 'US', 'North America'],
    ['New York, NY, United States', 'US', 'North America'],
    ['Remote - US', 'US', 'North America'],
    ['Remote (USA)', 'US', 'North America'],
    ['United States of America', 'US', 'North America'],
    ['California', 'US', 'North America'],
    ['Atlanta, Georgia', 'US', 'North America'],
    ['Tbilisi, Georgia', 'GE', 'Asia'],
    ['Albuquerque, New Mexico', 'US', 'North America'],
    ['Mexico City', 'MX', 'North America'],
    ['Toronto, ON', 'CA', 'North America'],
    ['Vancouver, British Columbia', 'CA', 'North America'],
    ['London, UK', 'GB', 'Europe'],
    ['Remote - United Kingdom', 'GB', 'Europe'],
    ['Lisbon', 'PT', 'Europe'],
    ['São Paulo, Brazil', 'BR', 'South America'],
    ['Sao Paulo', 'BR', 'South America'],
    ['Bangalore', 'IN', 'Asia'],
    ['Bengaluru, Karnataka, India', 'IN', 'Asia'],
    ['Sydney, NSW', 'AU', 'Oceania'],
    ['Cape Town, South Africa', 'ZA', 'Africa'],
    ['Zürich', 'CH', 'Europe'],
    ['Tel Aviv, Israel', 'IL', 'Asia'],
    ['Remote - Germany (EU)', 'DE', 'Europe'],
  ])('reads %j as %s in %s', (location, country, continent) => {
    const place = resolvePlace(location);
    expect(place.country).toBe(country);
    expect(place.continent).toBe(continent);
  });

  it.each([
    ['Remote - EMEA', 'Europe'],
    ['Remote (EU)', 'Europe'],
    ['European Union', 'Europe'],
    ['Remote - APAC', 'Asia'],
    ['Remote - LATAM', 'South America'],
    ['Latin America', 'South America'],
    ['Americas', 'North America'],
    ['North America', 'North America'],
    ['Remote (US or Canada)', 'North America'],
    ['UK, Germany, France', 'Europe'],
    ['Africa', 'Africa'],
    ['Oceania', 'Oceania'],
  ])('reads %j as the region %s without a single country', (location, continent) => {
    const place = resolvePlace(location);
    expect(place.country).toBeNull();
    expect(place.continent).toBe(continent);
  });

  it('names no country or continent for worldwide or unknown places', () => {
    for (const location of ['Remote', 'Worldwide', 'Anywhere', '', 'Atlantis']) {
      expect(resolvePlace(location)).toEqual({
        country: null,
        countryName: null,
        continent: null,
        countries: [],
      });
    }
  });

  it('names no continent when places span several', () => {
    expect(resolvePlace('Remote (US or EMEA)')).toMatchObject({
      country: null,
      continent: null,
      countries: ['US'],
    });
    expect(resolvePlace('London or New York')).toMatchObject({
      country: null,
      continent: null,
      countries: ['GB', 'US'],
    });
  });

  it('does not read English words in capitals as state codes', () => {
    expect(resolvePlace('London OR Remote').countries).toEqual(['GB']);
  });
});

describe('placeLabel and countryByName', () => {
  it('labels a location with its country name', () => {
    expect(placeLabel('Munich, Bavaria')).toBe('Germany');
    expect(placeLabel('Remote - EMEA')).toBeNull();
  });

  it('finds a country by name, alias or code', () => {
    expect(countryByName('Germany')?.code).toBe('DE');
    expect(countryByName('UK')?.code).toBe('GB');
    expect(countryByName('nl')?.code).toBe('NL');
    expect(countryByName('Narnia')).toBeUndefined();
  });
});

describe('guessCountryForJsonLd', () => {
  it.each([
    ['Rio de Janeiro', 'BR'],
    ['Austin, TX', 'US'],
    ['Montreal', 'CA'],
    ['Manchester, England', 'GB'],
    ['Hamburg', 'DE'],
    ['Paris, France', 'FR'],
    ['Melbourne', 'AU'],
    ['Pune', 'IN'],
    ['Amsterdam', 'NL'],
    ['Barcelona', 'ES'],
    ['Milan', 'IT'],
    ['Lisbon', 'Global'],
    ['Remote - EMEA', 'Global'],
    ['Worldwide', 'Global'],
  ])('guesses %j as %s', (location, guess) => {
    expect(guessCountryForJsonLd(location)).toBe(guess);
  });
});
