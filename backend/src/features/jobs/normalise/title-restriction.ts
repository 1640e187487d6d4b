/**
 * Where applicants may live, from the job's title (issue 24 §6). Vendors often put the restriction in the
 * title and hide or leave out the location: "Senior Software Engineer, Xet Storage - EMEA Remote" (Workable,
 * location hidden), "QA Engineer - US Remote", "Sales Executive (Americas)", "… - Remote, Europe",
 * "… LATAM only". The normaliser then reads the restriction as a location ('Remote - EMEA'), so it lands in
 * the same where/regions/countries data a location gives.
 *
 * Conservative on purpose: a title segment counts only when it is set apart (after ' - ', ' | ', ', ', or in
 * brackets) and is nothing but a place, with 'remote' or 'only' around it or as a region or country name
 * alone. Cities do not count alone ('Designer (Mobile)' is no job in Mobile, AL), nor do languages
 * ('Account Manager - Dutch speaking').
 */
import { foldAscii } from './text';
import { COUNTRY_LIST } from './places-data';
import { readEligibility } from './where';

/** Words around a place that say it is a restriction on remote work. */
const REMOTE_WORDS =
  /\b(?:remote(?:ly)?|fully|100%|only|based|wfh|work\s+from\s+home|distributed|within|in)\b/gi;
const MARKER = /\b(?:remote(?:ly)?|only|based)\b/i;

/** Region names, folded and lowercase, that count alone. */
const REGION_NAMES = new Set([
  'emea',
  'amer',
  'americas',
  'the americas',
  'apac',
  'apj',
  'latam',
  'latin america',
  'europe',
  'eu',
  'eea',
  'uk & eu',
  'north america',
  'south america',
  'noram',
  'namer',
  'dach',
  'nordics',
  'cee',
  'anz',
  'asia pacific',
  'mena',
]);

const COUNTRY_NAMES = new Set(
  COUNTRY_LIST.flatMap((c) => [c.code, c.name, ...c.aliases]).map((n) => foldAscii(n).toLowerCase()),
);

function placeWordsOnly(text: string): boolean {
  const key = foldAscii(text).toLowerCase().replace(/[.]/g, '').replace(/\s+/g, ' ').trim();
  if (!key) return false;
  // 'US or Canada', 'UK / EU', 'EMEA & APAC'
  return key
    .split(/\s*(?:\/|&|,|\bor\b|\band\b|\+)\s*/)
    .filter(Boolean)
    .every(
      (part) =>
        REGION_NAMES.has(part) || COUNTRY_NAMES.has(part) || COUNTRY_NAMES.has(part.replace(/\s/g, '')),
    );
}

/** The segments of a title that may hold a place: in brackets, or after a separator. */
function segments(title: string): string[] {
  const found: string[] = [];
  for (const m of title.matchAll(/[([]([^()[\]]{2,60})[)\]]/g)) found.push(m[1]!);
  const unbracketed = title.replace(/[([][^()[\]]*[)\]]/g, ' ');
  const parts = unbracketed.split(/\s+[-\u2013\u2014|:]\s+|,\s+|\s+-(?=\s*[A-Z])/);
  // The first part is the role itself ('Europe Sales Lead'): only what follows it can be a place.
  found.push(...parts.slice(1));
  // 'LATAM only' without a separator: the words before 'only' at the end.
  const only = /\b([A-Za-z.&/ ]{2,40}?)\s+only\s*$/i.exec(unbracketed);
  if (only) found.push(`${only[1]} only`);
  // 'Remote Europe', 'US Remote' at the end without a separator.
  const remote = /(?:\bremote\s*[-\u2013]?\s*([A-Za-z.&/ ]{2,30})|\b([A-Za-z.&/]{2,20})\s+remote)\s*$/i.exec(
    unbracketed,
  );
  if (remote) found.push(`remote ${remote[1] ?? remote[2]}`);
  return found.map((s) => s.trim()).filter(Boolean);
}

/**
 * The place a title restricts the job to, as a location text ('EMEA', 'US', 'Americas'), or null when it
 * names none. Several segments: the first that qualifies.
 */
export function titleRestriction(title: string): string | null {
  for (const segment of segments(title)) {
    const marked = MARKER.test(segment);
    const place = segment
      .replace(REMOTE_WORDS, ' ')
      .replace(/^[\s,:;\-\u2013|]+|[\s,:;\-\u2013|]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!place || place.length > 40) continue;
    if (!placeWordsOnly(place)) {
      // With 'remote' or 'only' beside it, any place the location reader knows counts ('Remote - Berlin').
      if (!marked || /\b(?:speaking|speaker|language)\b/i.test(segment)) continue;
      const read = readEligibility(place);
      if (!read || read.worldwide) continue;
      return place;
    }
    const read = readEligibility(place);
    if (read && !read.worldwide && (read.regions.length || read.countries.length)) return place;
  }
  return null;
}
