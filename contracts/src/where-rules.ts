/**
 * The rules of where.ts without its schemas (no zod): the regions and the filters' view of an eligibility. The
 * embedded index's tokeniser threads import only these, so each starts without loading the schema library.
 */
import { COUNTRY_UTC_OFFSETS } from './where-offsets';

// Region members (ISO 3166-1 alpha-2). Continents follow the normaliser's place data: Central America and
// the Caribbean are North America; Turkey, the Caucasus and the Middle East are Asia; Russia is Europe.
const codes = (list: string): string[] => list.split(' ');
const NORTH_AMERICA = codes('US CA MX GT CR PA HN SV NI BZ CU DO JM PR TT BS BB HT');
const CENTRAL_AMERICA = codes('GT CR PA HN SV NI BZ');
const CARIBBEAN = codes('CU DO JM PR TT BS BB HT');
const SOUTH_AMERICA = codes('BR AR CL CO PE VE EC UY PY BO GY SR');
const LATAM = [...SOUTH_AMERICA, ...codes('MX GT CR PA HN SV NI CU DO PR HT')];
const EU = codes('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE');
const EUROPE = [...EU, ...codes('GB CH NO IS LI AD MC SM VA RS BA ME MK AL XK MD UA BY RU')];
const MIDDLE_EAST = codes('AE SA QA KW BH OM IL JO LB IQ IR SY YE PS TR EG');
const AFRICA = codes(
  'ZA NG KE EG MA TN DZ GH ET UG TZ RW SN CI CM ZM ZW BW NA MZ AO MU MG BJ TG ML SD LY CD MW',
);
const ASIA = codes(
  'IN CN JP KR SG HK TW PH ID MY TH VN KH MM LK BD PK NP MN LA BN KZ UZ KG AM AZ GE TR IL AE SA QA KW BH OM JO LB IQ IR',
);
const SOUTHEAST_ASIA = codes('SG MY ID TH VN PH KH MM LA BN');
const OCEANIA = codes('AU NZ FJ PG');
const APAC = [...codes('IN CN JP KR SG HK TW PH ID MY TH VN KH MM LK BD PK NP MN LA BN'), ...OCEANIA];

/** Every region the normaliser recognises, with the countries it covers. */
export const REGION_COUNTRIES = {
  EMEA: [...EUROPE, ...MIDDLE_EAST, ...AFRICA, ...codes('AM AZ GE')],
  Europe: EUROPE,
  EU,
  EEA: [...EU, ...codes('IS LI NO')],
  CEE: codes('PL CZ SK HU RO BG HR SI RS BA ME MK AL XK MD UA BY EE LV LT'),
  DACH: codes('DE AT CH'),
  Benelux: codes('BE NL LU'),
  Nordics: codes('DK FI IS NO SE'),
  'Middle East': MIDDLE_EAST,
  Africa: AFRICA,
  Americas: [...NORTH_AMERICA, ...SOUTH_AMERICA],
  'North America': NORTH_AMERICA,
  'Central America': CENTRAL_AMERICA,
  Caribbean: CARIBBEAN,
  LATAM,
  'South America': SOUTH_AMERICA,
  APAC,
  Asia: ASIA,
  'Southeast Asia': SOUTHEAST_ASIA,
  Oceania: OCEANIA,
  ANZ: codes('AU NZ'),
} satisfies Record<string, readonly string[]>;

export type Region = keyof typeof REGION_COUNTRIES;
export const REGIONS = Object.keys(REGION_COUNTRIES) as Region[];

/** A range of UTC offsets in hours (where.ts `UtcRange`). */
export interface UtcSpan {
  min: number;
  max: number;
}

/** What `workFrom` reads of an eligibility (where.ts `Eligibility`). */
export interface EligibilityFacts {
  worldwide: boolean;
  countries: readonly string[];
  regions: readonly Region[];
  timezone: UtcSpan | null;
}

/** The countries a person may work from and the UTC offsets the work needs, as filters compare them. */
export interface WorkFrom {
  worldwide: boolean;
  /** Sorted ISO codes: the named countries and every member of a named region. */
  countries: string[];
  /** The stated time-zone range, else the span of the countries' offsets; null when neither is known. */
  utc: UtcSpan | null;
}

export function countryUtcOffsets(code: string): UtcSpan | null {
  const span = COUNTRY_UTC_OFFSETS[code.toUpperCase()];
  return span ? { min: span[0], max: span[1] } : null;
}

/**
 * Filters' view of an eligibility. A posting that states only a time zone is open to the countries whose
 * offsets reach into it.
 */
export function workFrom(eligibility: EligibilityFacts | null | undefined): WorkFrom {
  if (!eligibility) return { worldwide: false, countries: [], utc: null };
  const named = new Set<string>(eligibility.countries);
  for (const region of eligibility.regions) for (const code of REGION_COUNTRIES[region]) named.add(code);
  const tz = eligibility.timezone;
  if (eligibility.worldwide) return { worldwide: true, countries: [], utc: tz };
  if (named.size === 0 && tz) {
    for (const [code, [min, max]] of Object.entries(COUNTRY_UTC_OFFSETS))
      if (min <= tz.max && max >= tz.min) named.add(code);
    return { worldwide: false, countries: [...named].sort(), utc: tz };
  }
  let utc: UtcSpan | null = tz;
  if (!utc) {
    for (const code of named) {
      const span = COUNTRY_UTC_OFFSETS[code];
      if (!span) continue;
      utc = utc
        ? { min: Math.min(utc.min, span[0]), max: Math.max(utc.max, span[1]) }
        : { min: span[0], max: span[1] };
    }
  }
  return { worldwide: false, countries: [...named].sort(), utc };
}
