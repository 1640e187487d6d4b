const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * 'March 2, 2026' (UTC, so every visitor reads the same day the server stored): what
 * toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }) writes, without building
 * an Intl formatter per call (it showed in the server render's profile, issue 23).
 */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const WORKPLACE_WORD = /\b(?:remote|hybrid)\b/i;
/** 'Remote - Europe', 'Remote, Bangalore', 'Remote in Europe', 'Remote (EMEA)': the word as a leading label. */
const LEADING_LABEL = /^(?:fully\s+)?(?:remote|hybrid)\b\s*(?:[-\u2013\u2014:|,/]\s*|in\s+|(?=\())/i;
/** 'US Remote', 'Europe - Remote', 'Berlin, Germany (Hybrid)': the word as a trailing label. */
const TRAILING_LABEL = /\s*(?:[-\u2013\u2014:|,/;]\s*)?(?:\(\s*(?:remote|hybrid)\s*\)|\b(?:remote|hybrid))$/i;

/** The place a location text names once its 'Remote' or 'Hybrid' label is taken off; null when the word is part of a sentence. */
function placeWithoutLabel(location: string): string | null {
  let place = location.replace(LEADING_LABEL, '').replace(TRAILING_LABEL, '').trim();
  // 'Remote (EMEA)' leaves '(EMEA)'.
  const wrapped = /^\((.*)\)$/.exec(place);
  if (wrapped) place = wrapped[1]!.trim();
  return WORKPLACE_WORD.test(place) ? null : place;
}

/**
 * Spec section 2: '{location} (Remote)' when remote and not Worldwide; a hybrid job reads '(Hybrid)'. {location}
 * is the place: a text that already labels itself ('Remote - Europe', 'Hybrid - London, UK') gives its place
 * ('Europe (Remote)', 'London, UK (Hybrid)'), never 'Remote - Europe (Remote)'. A sentence that says remote in
 * passing ('Remote work is possible in Canada.') is shown as written: a suffix would only repeat it.
 */
export function locationLabel(job: {
  location: string;
  isRemote: boolean;
  isHybrid?: boolean;
  eligibility?: { worldwide: boolean } | null;
}): string {
  const location = job.location.trim();
  const mode = job.isHybrid ? 'Hybrid' : 'Remote';
  if (!location) return job.isRemote ? mode : '';
  if (!job.isRemote) return location;
  if (!job.isHybrid && (job.eligibility?.worldwide || /\b(?:worldwide|anywhere)\b/i.test(location)))
    return location;
  const place = placeWithoutLabel(location);
  if (place === null) return location;
  return place ? `${place} (${mode})` : mode;
}
