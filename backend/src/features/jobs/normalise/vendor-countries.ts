/**
 * The countries an ATS states for a job's locations (IngestItemPosted.countries: Lever `country`,
 * Ashby `addressCountry`, Workable `countryCode`...) complete what the location text says, never
 * override it:
 * - the text wins whenever it names a place ('Remote - North & South America' with Lever's 'US'
 *   stays the Americas; Linear's 'Europe' with Ashby's 'United States' stays Europe);
 * - a fully remote job takes nothing from them: the ATS country of a remote posting is often the
 *   company's seat (Metabase's 'Global Remote' carries 'US'), not where applicants may live;
 * - otherwise one country names the job's country ('Bombay, MH' with 'IN' is India), several name
 *   their common continent only.
 */
import type { Continent, Workplace } from '@jobs/contracts';
import { countryByCode, type Place } from './places';
import { isWorldwideLocation } from './workplace';

export interface VendorPlaceInput {
  place: Place;
  /** The location text as given (null when the ATS gave none). */
  location: string | null;
  countries: readonly string[] | null | undefined;
  workplace: Workplace;
}

export interface VendorPlace {
  place: Place;
  /** A location text for a job whose ATS gave none but one country ('India'), else null. */
  location: string | null;
}

export function withVendorCountries({
  place,
  location,
  countries,
  workplace,
}: VendorPlaceInput): VendorPlace {
  const textNamesPlace = place.countries.length > 0 || place.continent !== null;
  if (textNamesPlace || workplace === 'remote' || isWorldwideLocation(location) || !countries?.length)
    return { place, location: null };
  const entries = [...new Set(countries.map((c) => c.toUpperCase()))]
    .map((code) => countryByCode(code))
    .filter((entry) => entry !== undefined);
  if (entries.length === 0) return { place, location: null };
  const continents = new Set<Continent>(entries.map((e) => e.continent));
  const continent = continents.size === 1 ? [...continents][0]! : null;
  if (entries.length === 1) {
    const [entry] = entries;
    return {
      place: { country: entry!.code, countryName: entry!.name, continent, countries: [entry!.code] },
      location: location ? null : entry!.name,
    };
  }
  return {
    place: { country: null, countryName: null, continent, countries: entries.map((e) => e.code) },
    location: null,
  };
}
