/**
 * Where a job may be done from, read from a posting's location text ('Remote - US', 'Remote (EMEA)',
 * 'Remote, UTC-3 to UTC+3', 'Anywhere', 'Remote - Canada or US', 'Berlin, Germany'): the whole world, the
 * regions and countries named, and a stated time-zone range. Only what the text says: a bare 'Remote' stays
 * unknown (null), and nothing is taken from the company's headquarters.
 *
 * Order of reading: time zones first (their words, 'Pacific Time', 'European time zones', must not be read as
 * places), then the words for the whole world, then regions, then countries, cities and states (places.ts).
 */
import type { Eligibility, Region, UtcRange } from '@jobs/contracts';
import { resolvePlace } from './places';
import { CANADIAN_PROVINCES, CITIES, US_STATES } from './places-data';
import { foldAscii } from './text';

// ---------------------------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------------------------

/** Zone abbreviations as UTC offsets. Daylight names count as their zone's standard offset (CEST is CET). */
const ZONE_ABBREVIATIONS: Record<string, number> = {
  WET: 0,
  WEST: 0,
  BST: 0,
  CET: 1,
  CEST: 1,
  MEZ: 1,
  EET: 2,
  EEST: 2,
  MSK: 3,
  IST: 5.5,
  PKT: 5,
  SGT: 8,
  HKT: 8,
  JST: 9,
  KST: 9,
  AWST: 8,
  ACST: 9.5,
  AEST: 10,
  AEDT: 10,
  NZST: 12,
  NZDT: 12,
  BRT: -3,
  ART: -3,
  EST: -5,
  EDT: -5,
  CST: -6,
  CDT: -6,
  MST: -7,
  MDT: -7,
  PST: -8,
  PDT: -8,
  AKST: -9,
  HST: -10,
};
/** Two-letter zone names ('PT', 'ET') are also country and state codes: read only beside a time word or zone. */
const SHORT_ZONES: Record<string, number> = { ET: -5, CT: -6, MT: -7, PT: -8 };

const TIME_WORD = String.raw`(?:standard\s+)?(?:time(?:[\s-]*zones?)?|timezones?|tz|hours|business\s+hours)`;

/** Named zones, written out. */
const ZONE_NAMES: readonly [RegExp, UtcRange][] = [
  [new RegExp(String.raw`\b(?:central|middle)[\s-]+europe(?:an)?\s+${TIME_WORD}`, 'gi'), { min: 1, max: 1 }],
  [new RegExp(String.raw`\beastern[\s-]+europe(?:an)?\s+${TIME_WORD}`, 'gi'), { min: 2, max: 2 }],
  [new RegExp(String.raw`\bwestern[\s-]+europe(?:an)?\s+${TIME_WORD}`, 'gi'), { min: 0, max: 0 }],
  [new RegExp(String.raw`\beastern\s+${TIME_WORD}`, 'gi'), { min: -5, max: -5 }],
  [new RegExp(String.raw`\bcentral\s+${TIME_WORD}`, 'gi'), { min: -6, max: -6 }],
  [new RegExp(String.raw`\bmountain\s+${TIME_WORD}`, 'gi'), { min: -7, max: -7 }],
  [new RegExp(String.raw`\bpacific\s+${TIME_WORD}`, 'gi'), { min: -8, max: -8 }],
  [new RegExp(String.raw`\beast\s+coast\s+${TIME_WORD}`, 'gi'), { min: -5, max: -5 }],
  [new RegExp(String.raw`\bwest\s+coast\s+${TIME_WORD}`, 'gi'), { min: -8, max: -8 }],
];

/**
 * Groups of zones named by place ('US time zones', 'European timezones', 'North America and Europe
 * time-zone', 'East American / European / African timezones'): the usual working span of each.
 */
const ZONE_GROUPS: readonly [string, UtcRange][] = [
  [String.raw`east(?:ern)?\s+(?:u\.?s\.?|america(?:n)?)`, { min: -5, max: -5 }],
  [String.raw`west(?:ern)?\s+(?:u\.?s\.?|america(?:n)?)`, { min: -8, max: -8 }],
  [String.raw`u\.?s\.?a?\.?|united\s+states|north\s+america(?:n)?|america(?:n)?`, { min: -8, max: -5 }],
  [String.raw`(?:the\s+)?americas|latam|latin\s+america(?:n)?|south\s+america(?:n)?`, { min: -8, max: -3 }],
  [String.raw`europe(?:an)?|eu|cet|emea`, { min: 0, max: 2 }],
  [String.raw`uk|british`, { min: 0, max: 0 }],
  [String.raw`africa(?:n)?`, { min: 0, max: 3 }],
  [String.raw`asia(?:n)?|apac|asia[\s-]pacific`, { min: 5.5, max: 10 }],
];
const GROUP = ZONE_GROUPS.map(([words]) => `(?:${words})`).join('|');
const ZONE_GROUP_LIST = new RegExp(
  String.raw`\b((?:${GROUP})(?:\s*(?:,|/|&|\band\b|\bor\b)\s*(?:${GROUP}))*)\s+(?:${TIME_WORD}|time[\s-]zones?)\b`,
  'gi',
);

function groupRange(list: string): UtcRange | null {
  let range: UtcRange | null = null;
  for (const part of list.split(/\s*(?:,|\/|&|\band\b|\bor\b)\s*/i)) {
    const hit = ZONE_GROUPS.find(([words]) => new RegExp(`^(?:${words})$`, 'i').test(part.trim()));
    if (!hit) continue;
    range = range
      ? { min: Math.min(range.min, hit[1].min), max: Math.max(range.max, hit[1].max) }
      : { ...hit[1] };
  }
  return range;
}

const OFFSET = /\b(?:UTC|GMT)(?:\s?([+-])\s?(\d{1,2})(?:[:.](\d{2}))?)?(?![\w+])/gi;
const ABBREVIATION = new RegExp(String.raw`\b(${Object.keys(ZONE_ABBREVIATIONS).join('|')})\b`, 'g');
const SHORT_ZONE = new RegExp(
  String.raw`\b(${Object.keys(SHORT_ZONES).join('|')})\b(?=\s*(?:\)|${TIME_WORD}|(?:to|-|and|through)\s*(?:${[...Object.keys(SHORT_ZONES), ...Object.keys(ZONE_ABBREVIATIONS)].join('|')})\b))`,
  'g',
);
/** '± 3 hours', '+/- 2h', 'plus or minus 1 hour', 'within 6 hours of'. */
const TOLERANCE =
  /(?:±|\+\s?\/\s?-|\+-|-\s?\/\s?\+|plus\s+or\s+minus|within)\s*~?\s*(\d{1,2}(?:\.5)?)\s*(?:h\b|hrs?\b|hours?\b)?/i;

interface Found {
  range: UtcRange;
  start: number;
  end: number;
}

function findZones(text: string): Found[] {
  const found: Found[] = [];
  const taken = (start: number, end: number) => found.some((f) => start < f.end && end > f.start);
  const add = (start: number, end: number, range: UtcRange) => {
    if (!taken(start, end)) found.push({ start, end, range });
  };
  for (const [pattern, range] of ZONE_NAMES)
    for (const m of text.matchAll(pattern)) add(m.index, m.index + m[0].length, range);
  for (const m of text.matchAll(ZONE_GROUP_LIST)) {
    const range = groupRange(m[1]!);
    if (range) add(m.index, m.index + m[0].length, range);
  }
  for (const m of text.matchAll(OFFSET)) {
    const hours = m[1] ? (Number(m[2]) + Number(m[3] ?? 0) / 60) * (m[1] === '-' ? -1 : 1) : 0;
    if (hours >= -12 && hours <= 14) add(m.index, m.index + m[0].length, { min: hours, max: hours });
  }
  for (const m of text.matchAll(ABBREVIATION)) {
    const hours = ZONE_ABBREVIATIONS[m[1]!]!;
    add(m.index, m.index + m[0].length, { min: hours, max: hours });
  }
  for (const m of text.matchAll(SHORT_ZONE)) {
    const hours = SHORT_ZONES[m[1]!]!;
    add(m.index, m.index + m[0].length, { min: hours, max: hours });
  }
  // A gloss right after a zone belongs to it: 'UTC-8 (Pacific)', 'UTC+1 (Central Europe)'.
  for (const zone of found) {
    const gloss = /^\s*\([^()]{1,40}\)/.exec(text.slice(zone.end));
    if (gloss) zone.end += gloss[0].length;
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The time-zone range a text states, and the text with the zones blanked out. */
export function readTimezone(text: string): { timezone: UtcRange | null; rest: string } {
  const zones = findZones(text);
  if (zones.length === 0) return { timezone: null, rest: text };
  let rest = text;
  for (const zone of zones)
    rest = rest.slice(0, zone.start) + ' '.repeat(zone.end - zone.start) + rest.slice(zone.end);
  const tolerance = TOLERANCE.exec(text);
  let timezone: UtcRange;
  if (tolerance && zones.length === 1) {
    const n = Number(tolerance[1]);
    timezone = { min: zones[0]!.range.min - n, max: zones[0]!.range.max + n };
    rest = rest.replace(TOLERANCE, ' ');
  } else {
    timezone = {
      min: Math.min(...zones.map((z) => z.range.min)),
      max: Math.max(...zones.map((z) => z.range.max)),
    };
  }
  return { timezone: { min: clampOffset(timezone.min), max: clampOffset(timezone.max) }, rest };
}

function clampOffset(hours: number): number {
  return Math.max(-12, Math.min(14, hours));
}

// ---------------------------------------------------------------------------------------------
// The whole world
// ---------------------------------------------------------------------------------------------

const WORLDWIDE =
  /\b(?:world\s?-?wide|worlwide|anywhere(?!\s+(?:in\s+(?!the\s+world)|between|within))|everywhere(?!\s+(?:in\s+(?!the\s+world)|between|within))|global(?:ly)?(?!\s+(?:hq|headquarters|head\s+office|office))|international(?:ly)?|all\s+countries|any\s+(?:country|location|time\s?zone)|location[\s-]+independent|in\s+the\s+world|around\s+the\s+world|all\s+over\s+the\s+world)\b/i;

// ---------------------------------------------------------------------------------------------
// Regions
// ---------------------------------------------------------------------------------------------

/** Phrases for regions (case-insensitive, folded to ASCII), longest matched first. */
const REGION_PHRASES: Record<string, Region[]> = {
  emea: ['EMEA'],
  'europe middle east and africa': ['EMEA'],
  'europe the middle east and africa': ['EMEA'],
  europe: ['Europe'],
  european: ['Europe'],
  'western europe': ['Europe'],
  'northern europe': ['Europe'],
  'southern europe': ['Europe'],
  'central europe': ['Europe'],
  'continental europe': ['Europe'],
  'european union': ['EU'],
  'european economic area': ['EEA'],
  eea: ['EEA'],
  cee: ['CEE'],
  'eastern europe': ['CEE'],
  'eastern european': ['CEE'],
  'central and eastern europe': ['CEE'],
  'central eastern europe': ['CEE'],
  balkans: ['CEE'],
  dach: ['DACH'],
  benelux: ['Benelux'],
  nordics: ['Nordics'],
  nordic: ['Nordics'],
  'nordic countries': ['Nordics'],
  scandinavia: ['Nordics'],
  'middle east': ['Middle East'],
  mena: ['Middle East', 'Africa'],
  africa: ['Africa'],
  african: ['Africa'],
  'sub saharan africa': ['Africa'],
  'north africa': ['Africa'],
  'east africa': ['Africa'],
  'west africa': ['Africa'],
  americas: ['Americas'],
  'the americas': ['Americas'],
  amer: ['Americas'],
  'north america': ['North America'],
  'north american': ['North America'],
  noram: ['North America'],
  namer: ['North America'],
  'central america': ['Central America'],
  caribbean: ['Caribbean'],
  latam: ['LATAM'],
  'latin america': ['LATAM'],
  'latin american': ['LATAM'],
  'south america': ['South America'],
  apac: ['APAC'],
  apj: ['APAC'],
  'asia pacific': ['APAC'],
  'asia pac': ['APAC'],
  asia: ['Asia'],
  'east asia': ['Asia'],
  'south asia': ['Asia'],
  'southeast asia': ['Southeast Asia'],
  'south east asia': ['Southeast Asia'],
  oceania: ['Oceania'],
  anz: ['ANZ'],
  australasia: ['ANZ'],
};
const REGION_LIST = Object.entries(REGION_PHRASES).sort((a, b) => b[0].length - a[0].length);

function key(text: string): string {
  return ` ${foldAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Regions named, and the text without them (so 'Latin America' is not also read as America, the US). */
/** Country names that contain a region's name: read as the country, not the region. */
const COUNTRIES_NAMED_LIKE_REGIONS = /\b(?:south\s+africa|central\s+african\s+republic)\b/gi;
const SHIELD = '\u0001';

function readRegions(text: string): { regions: Region[]; rest: string } {
  const shielded: string[] = [];
  text = text.replace(COUNTRIES_NAMED_LIKE_REGIONS, (name) => {
    shielded.push(name);
    return SHIELD;
  });
  const regions: { at: number; region: Region }[] = [];
  // 'EU' only in capitals: 'eu' is a word in several languages and a domain.
  for (const m of text.matchAll(/(^|[^A-Za-z])(E\.?U\.?)(?![A-Za-z])/g))
    regions.push({ at: m.index + m[1]!.length, region: 'EU' });
  let rest = text.replace(
    /(^|[^A-Za-z])(E\.?U\.?)(?![A-Za-z])/g,
    (_, before: string, eu: string) => `${before}${' '.repeat(eu.length)}`,
  );
  let haystack = key(rest);
  for (const [phrase, names] of REGION_LIST) {
    let index = haystack.indexOf(` ${phrase} `);
    while (index !== -1) {
      for (const region of names) regions.push({ at: index, region });
      haystack =
        haystack.slice(0, index + 1) + '#'.repeat(phrase.length) + haystack.slice(index + 1 + phrase.length);
      index = haystack.indexOf(` ${phrase} `);
    }
  }
  if (regions.length) {
    // Blank the region words in the original text for the place reader.
    const words = new RegExp(
      String.raw`\b(?:${REGION_LIST.map(([phrase]) => phrase.replace(/ /g, String.raw`[\s\W_]+`)).join('|')})\b`,
      'gi',
    );
    rest = foldAscii(rest).replace(words, (m) => ' '.repeat(m.length));
  }
  rest = rest.replace(new RegExp(SHIELD, 'g'), () => shielded.shift() ?? ' ');
  const ordered = regions.sort((a, b) => a.at - b.at).map((r) => r.region);
  return { regions: [...new Set(ordered)], rest };
}

// ---------------------------------------------------------------------------------------------
// 'City, ST' where ST is a US state or Canadian province
// ---------------------------------------------------------------------------------------------

const CITY_STATE = /([A-Z][A-Za-z\u00C0-\u017F.' -]*?),\s*([A-Z]{2})(?=$|[\s,;)/|.])/g;

/**
 * 'Moscow, ID', 'Vienna, VA', 'Birmingham, AL', 'London, ON': a town named after a foreign city, with a state
 * or province code after it, is in the US or Canada; the city's name is blanked so it is not read as abroad.
 * 'Berlin, DE' and 'Lisbon, PT' keep their country: the code is the city's own.
 */
function blankNamesakeCities(text: string): string {
  return text.replace(CITY_STATE, (match, city: string, code: string) => {
    const region = US_STATES[code] ? 'US' : CANADIAN_PROVINCES[code] ? 'CA' : null;
    const cityCountry = CITIES[city.trim()];
    if (!region || !cityCountry || cityCountry === code || cityCountry === region) return match;
    return `${' '.repeat(city.length)}${match.slice(city.length)}`;
  });
}

// ---------------------------------------------------------------------------------------------
// Together
// ---------------------------------------------------------------------------------------------

function normaliseDashes(text: string): string {
  return text.replace(/[\u2212\u2012\u2013\u2014\u2015]/g, '-').replace(/\s+/g, ' ');
}

/**
 * What a location text says about where the job may be done from, or null when it says nothing (a bare
 * 'Remote', 'Not specified'). 'Worldwide' wins over places named beside it ('USA, Worldwide').
 */
export function readEligibility(location: string | null | undefined): Eligibility | null {
  const text = normaliseDashes(location ?? '').trim();
  if (!text) return null;
  const { timezone, rest: withoutZones } = readTimezone(text);
  const worldwide = WORLDWIDE.test(withoutZones);
  if (worldwide) return { worldwide: true, countries: [], regions: [], timezone };
  const { regions, rest } = readRegions(withoutZones);
  const countries = resolvePlace(blankNamesakeCities(rest)).countries;
  if (!regions.length && !countries.length && !timezone) return null;
  return { worldwide: false, countries, regions, timezone };
}

/** Several location texts of one job (a primary and secondary locations), read together. */
export function mergeEligibility(parts: readonly (Eligibility | null)[]): Eligibility | null {
  const known = parts.filter((p): p is Eligibility => p !== null);
  if (!known.length) return null;
  const zones = known.flatMap((p) => (p.timezone ? [p.timezone] : []));
  const timezone = zones.length
    ? { min: Math.min(...zones.map((z) => z.min)), max: Math.max(...zones.map((z) => z.max)) }
    : null;
  if (known.some((p) => p.worldwide)) return { worldwide: true, countries: [], regions: [], timezone };
  return {
    worldwide: false,
    countries: [...new Set(known.flatMap((p) => p.countries))],
    regions: [...new Set(known.flatMap((p) => p.regions))],
    timezone,
  };
}
