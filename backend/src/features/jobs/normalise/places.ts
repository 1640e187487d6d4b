/**
 * Country and continent from a job's location text ('San Francisco, CA', 'Remote - EMEA',
 * 'Berlin, Germany', 'Remote (US or Canada)'). Longest names match first and are then blanked out,
 * so 'New Mexico' is not also read as Mexico, nor 'South Africa' as the region Africa.
 */
import { CONTINENTS, type Continent } from '@jobs/contracts';
import {
  CANADIAN_PROVINCES,
  CITIES,
  COUNTRY_LIST,
  type CountryEntry,
  REGIONS,
  UNMATCHED_COUNTRY_NAMES,
  US_STATES,
} from './places-data';
import { foldAscii } from './text';

export { CONTINENTS };
export type { CountryEntry };
export const COUNTRIES = COUNTRY_LIST;

export interface Place {
  /** ISO alpha-2 when the location names exactly one country (and no wider region), else null. */
  country: string | null;
  countryName: string | null;
  /** The one continent everything named lies in, else null (also for worldwide). */
  continent: Continent | null;
  /** Every country named, in order of appearance. */
  countries: string[];
}

/** `yieldsTo`: read this hit only when that country is not named too ('Tbilisi, Georgia'). */
type Hit = { kind: 'country'; code: string; yieldsTo?: string } | { kind: 'region'; continent: Continent };

const byCode = new Map(COUNTRY_LIST.map((country) => [country.code, country]));
const byName = new Map<string, CountryEntry>();

function key(text: string): string {
  return foldAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const phrases = new Map<string, Hit>();
function addPhrase(text: string, hit: Hit): void {
  const k = key(text);
  if (k && !phrases.has(k)) phrases.set(k, hit);
}

// Order matters only for equal keys: the first registration wins.
for (const name of Object.values(US_STATES)) {
  addPhrase(
    name,
    name === 'Georgia' ? { kind: 'country', code: 'US', yieldsTo: 'GE' } : { kind: 'country', code: 'US' },
  );
}
for (const name of Object.values(CANADIAN_PROVINCES)) addPhrase(name, { kind: 'country', code: 'CA' });
for (const [city, code] of Object.entries(CITIES)) addPhrase(city, { kind: 'country', code });
for (const country of COUNTRY_LIST) {
  byName.set(key(country.name), country);
  for (const alias of country.aliases) byName.set(key(alias), country);
  if (!UNMATCHED_COUNTRY_NAMES.has(country.name))
    addPhrase(country.name, { kind: 'country', code: country.code });
  // Two-letter aliases ('US', 'UK') are matched as upper-case tokens below, not as words.
  for (const alias of country.aliases)
    if (key(alias).length > 2) addPhrase(alias, { kind: 'country', code: country.code });
}
for (const [region, continent] of Object.entries(REGIONS)) {
  if (key(region).length > 2) addPhrase(region, { kind: 'region', continent });
}

// Longest first, so a longer name consumes the shorter names inside it.
const PHRASES = [...phrases.entries()].sort((a, b) => b[0].length - a[0].length);

// Upper-case tokens that are also English words: only read after a comma ('Portland, OR').
const WORD_LIKE_CODES = new Set([
  'OR',
  'IN',
  'ME',
  'HI',
  'OK',
  'AS',
  'AT',
  'TO',
  'BY',
  'NO',
  'IS',
  'IT',
  'DO',
  'BE',
  'AM',
  'ID',
]);
const TWO_LETTER_ALIASES: Record<string, string> = { US: 'US', UK: 'GB', EU: 'EU' };

interface Found {
  at: number;
  hit: Hit;
}

function tokenHits(location: string, known: Set<string>): Found[] {
  const found: Found[] = [];
  for (const match of location.matchAll(/(^|[\s,(/|;-])([A-Z]{2})(?=$|[\s,)/|;.-])/g)) {
    const token = match[2]!;
    const afterComma = match[1] === ',' || /,\s*$/.test(location.slice(0, match.index + match[1]!.length));
    const at = match.index + match[1]!.length;
    if (token === 'EU') {
      found.push({ at, hit: { kind: 'region', continent: 'Europe' } });
      continue;
    }
    const alias = TWO_LETTER_ALIASES[token];
    const asState = US_STATES[token] ? 'US' : CANADIAN_PROVINCES[token] ? 'CA' : null;
    const asCountry = alias ?? (byCode.has(token) ? token : null);
    if (!afterComma && WORD_LIKE_CODES.has(token)) continue;
    const candidates = (afterComma ? [asState, asCountry] : [asCountry, asState]).filter(
      (code): code is string => code !== null,
    );
    // A code that agrees with what the text already named adds nothing new ('Berlin, DE').
    const code = candidates.find((c) => known.has(c)) ?? candidates[0];
    if (code) found.push({ at, hit: { kind: 'country', code } });
  }
  return found;
}

// Boards repeat a few hundred location strings; resolving one scans the whole phrase list (~0.1 ms).
const PLACE_CACHE = new Map<string, Place>();
const PLACE_CACHE_SIZE = 5000;

export function resolvePlace(location: string | null | undefined): Place {
  const text = location ?? '';
  const cached = PLACE_CACHE.get(text);
  if (cached) return cached;
  const place = resolvePlaceUncached(text);
  if (PLACE_CACHE.size >= PLACE_CACHE_SIZE) PLACE_CACHE.delete(PLACE_CACHE.keys().next().value!);
  PLACE_CACHE.set(text, place);
  return place;
}

function resolvePlaceUncached(text: string): Place {
  const found: Found[] = [];
  let haystack = ` ${key(text)} `;
  for (const [phrase, hit] of PHRASES) {
    let index = haystack.indexOf(` ${phrase} `);
    while (index !== -1) {
      found.push({ at: index, hit });
      haystack =
        haystack.slice(0, index + 1) + '#'.repeat(phrase.length) + haystack.slice(index + 1 + phrase.length);
      index = haystack.indexOf(` ${phrase} `);
    }
  }
  // Positions in the folded text and in the original differ slightly; ordering among tokens and
  // phrases only decides which country comes first in `countries`, so this approximation is fine.
  const known = new Set(found.flatMap((f) => (f.hit.kind === 'country' ? [f.hit.code] : [])));
  found.push(...tokenHits(text, known));
  found.sort((a, b) => a.at - b.at);

  const countries: string[] = [];
  const continents = new Set<Continent>();
  let regions = 0;
  for (const { hit } of found) {
    if (hit.kind === 'region') {
      regions++;
      continents.add(hit.continent);
      continue;
    }
    if (hit.yieldsTo && known.has(hit.yieldsTo)) continue;
    if (!countries.includes(hit.code)) countries.push(hit.code);
    const entry = byCode.get(hit.code);
    if (entry) continents.add(entry.continent);
  }
  const continent = continents.size === 1 ? [...continents][0]! : null;
  const single = countries.length === 1 && (regions === 0 || continent !== null) ? countries[0]! : null;
  // A region wider than the country ('Remote - Europe, incl. Germany') still names the country
  // when it is the only one; but a bare region never names a country.
  return {
    country: single,
    countryName: single ? (byCode.get(single)?.name ?? null) : null,
    continent,
    countries,
  };
}

export function countryByCode(code: string): CountryEntry | undefined {
  return byCode.get(code.toUpperCase());
}

/** The country a filter value or a place name stands for ('Germany', 'UK', 'DE'). */
export function countryByName(name: string): CountryEntry | undefined {
  const trimmed = name.trim();
  return byName.get(key(trimmed)) ?? (trimmed.length === 2 ? byCode.get(trimmed.toUpperCase()) : undefined);
}

/** The place name the filter menu lists for a job's location: its country's name, or null. */
export function placeLabel(location: string | null | undefined): string | null {
  return resolvePlace(location).countryName;
}

/** The spec's country guess for JSON-LD (section 9). */
export const JSON_LD_COUNTRIES = ['BR', 'US', 'CA', 'GB', 'DE', 'FR', 'AU', 'IN', 'NL', 'ES', 'IT'] as const;
export type JsonLdCountry = (typeof JSON_LD_COUNTRIES)[number] | 'Global';

export function guessCountryForJsonLd(location: string | null | undefined): JsonLdCountry {
  const first = resolvePlace(location).countries[0];
  return (JSON_LD_COUNTRIES as readonly string[]).includes(first ?? '') ? (first as JsonLdCountry) : 'Global';
}
