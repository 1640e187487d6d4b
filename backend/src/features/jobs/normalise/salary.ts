/**
 * Salary: parse free text ('$120k - $150k', '€50,000–65,000 per year', '$60/hour') and the ATS's
 * structured values into one shape, format a display text, and convert to USD per year for the
 * salary filter and JSON-LD.
 */
import { SALARY_RANGES, type SalaryPeriod, type SalaryRange } from '@jobs/contracts';
import { USD_PER_UNIT } from '@jobs/contracts/currency-rates';

export { SALARY_RANGES };

export interface Salary {
  text: string | null;
  min: number | null;
  max: number | null;
  currency: string | null;
  period: SalaryPeriod | null;
}

export interface SalaryInput {
  salary?: string | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryCurrency?: string | null;
  salaryPeriod?: string | null;
}

export { USD_PER_UNIT };

const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = { YEAR: 1, MONTH: 12, WEEK: 52, DAY: 260, HOUR: 2080 };

const CURRENCY_CODE = new RegExp(`\\b(${Object.keys(USD_PER_UNIT).join('|')})\\b`, 'i');

const CURRENCY_SIGNS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:CA|C)\$/i, 'CAD'],
  [/\b(?:AU|A)\$/i, 'AUD'],
  [/\bNZ\$/i, 'NZD'],
  [/\bS\$/, 'SGD'],
  [/\bR\$/, 'BRL'],
  [/\bMX\$/i, 'MXN'],
  [/\bHK\$/i, 'HKD'],
  [/\$|\bdollars?\b/i, 'USD'],
  [/€|\beuros?\b/i, 'EUR'],
  [/£|\bpounds?\b/i, 'GBP'],
  [/₹|\brupees?\b|\bRs\.?\s/i, 'INR'],
  [/¥|\byen\b/i, 'JPY'],
  [/₪/, 'ILS'],
  [/\bzł|\bzl\b/i, 'PLN'],
  [/\bCHF\b|\bFr\.\s/, 'CHF'],
];

/**
 * Every ISO 4217 code, for an ATS's currency field: 'KES' is Kenyan shillings even without a rate above (then the
 * salary is shown as stated and stays out of the salary filter), never dollars. Free text is read only for the
 * codes above: any three letters ('ALL', 'TRY') would find currencies in words.
 */
const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function normaliseCurrency(value: string | null | undefined): string | null {
  if (!value) return null;
  const whole = value.trim().toUpperCase();
  if (ISO_CURRENCIES.has(whole)) return whole;
  const code = CURRENCY_CODE.exec(value);
  if (code) return code[1]!.toUpperCase();
  return CURRENCY_SIGNS.find(([pattern]) => pattern.test(value))?.[1] ?? null;
}

const PERIOD_WORDS: readonly (readonly [RegExp, SalaryPeriod])[] = [
  [/\b(hour|hourly|hr|hrs|h)\b|per[\s-]hour/i, 'HOUR'],
  [/\b(day|daily|diem)\b|per[\s-]day/i, 'DAY'],
  [/\b(week|weekly|wk)\b|per[\s-]week/i, 'WEEK'],
  [/\b(month|monthly|mo|mth|pcm)\b|per[\s-]month/i, 'MONTH'],
  [/\b(year|yearly|yr|annum|annual|annually|p\.?\s?a\.?|y)\b|per[\s-]year/i, 'YEAR'],
];

/** 'YEAR', 'per-year-salary' (Lever), '1 YEAR' (Ashby), 'hourly', '/hr' → a period; null when unknown. */
export function normalisePeriod(value: string | null | undefined): SalaryPeriod | null {
  if (!value) return null;
  if (/one[\s-]time/i.test(value)) return null;
  return PERIOD_WORDS.find(([pattern]) => pattern.test(value))?.[1] ?? null;
}

/** The likely period of an amount when nothing states it. */
function guessPeriod(amount: number): SalaryPeriod {
  if (amount >= 15_000) return 'YEAR';
  if (amount >= 1_500) return 'MONTH';
  if (amount > 300) return 'DAY';
  return 'HOUR';
}

// Grouped digits ('120,000', '4.500', '18,00,000' in Indian grouping) or plain ones ('35.50').
const AMOUNT =
  /(\d{1,3}(?:[,.\s\u00a0\u202f']\d{2,3})*[,.\s\u00a0\u202f']\d{3}(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s?([kKmM])(?![a-zA-Z]))?/g;

function parseAmount(digits: string, suffix: string | undefined): number {
  let value: number;
  const grouped = /^(\d{1,3}(?:[,.\s\u00a0\u202f']\d{2,3})*[,.\s\u00a0\u202f']\d{3})(?:[.,](\d{1,2}))?$/.exec(
    digits,
  );
  if (grouped) {
    value = Number(grouped[1]!.replace(/[^\d]/g, '')) + (grouped[2] ? Number(`0.${grouped[2]}`) : 0);
  } else {
    value = Number(digits.replace(',', '.'));
  }
  if (suffix === 'k' || suffix === 'K') value *= 1_000;
  if (suffix === 'm' || suffix === 'M') value *= 1_000_000;
  return value;
}

/** Reads amounts, currency and period from salary text; null when it has no amount. */
export function parseSalaryText(text: string): Omit<Salary, 'text'> | null {
  const amounts: { value: number; suffix: boolean }[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    // Skip numbers that are part of a period ('40 hours', '12 months') rather than an amount.
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 8);
    if (!match[2] && /^\s*(hours?|months?|weeks?|days?|years?)\b/i.test(after)) continue;
    amounts.push({ value: parseAmount(match[1]!, match[2]), suffix: Boolean(match[2]) });
    if (amounts.length === 2) break;
  }
  if (amounts.length === 0) return null;
  const [first, second] = amounts as [(typeof amounts)[number], (typeof amounts)[number] | undefined];
  let min = first.value;
  let max = second?.value ?? first.value;
  // '120-150k': the suffix of the upper bound applies to the lower one too.
  if (second && second.suffix && !first.suffix && min < 1_000 && max >= 1_000)
    min *= max >= 1_000_000 ? 1_000_000 : 1_000;
  if (min > max) [min, max] = [max, min];
  if (max <= 0) return null;
  return {
    min,
    max,
    currency: normaliseCurrency(text),
    period: normalisePeriod(text.replace(AMOUNT, ' ')) ?? guessPeriod(max),
  };
}

const SIGNS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  INR: '₹',
  JPY: '¥',
  BRL: 'R$',
};
const PERIOD_LABEL: Record<SalaryPeriod, string> = {
  YEAR: 'year',
  MONTH: 'month',
  WEEK: 'week',
  DAY: 'day',
  HOUR: 'hour',
};

// toLocaleString builds a formatter on every call (~0.2 ms); one shared formatter costs microseconds.
const DIGITS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function money(amount: number, currency: string): string {
  const digits = DIGITS.format(amount);
  const sign = SIGNS[currency];
  return sign ? `${sign}${digits}` : `${currency} ${digits}`;
}

/** '$120,000 - $150,000 / year', '€50,000 / year', 'CHF 120,000 - 140,000 / year'. */
export function formatSalary(salary: Omit<Salary, 'text'>): string | null {
  const { min, max } = salary;
  if (min === null && max === null) return null;
  const currency = salary.currency ?? 'USD';
  const period = salary.period ? ` / ${PERIOD_LABEL[salary.period]}` : '';
  if (min !== null && max !== null && min !== max) {
    const upper = SIGNS[currency]
      ? money(max, currency)
      : max.toLocaleString('en-US', { maximumFractionDigits: 2 });
    return `${money(min, currency)} - ${upper}${period}`;
  }
  if (min === null) return `Up to ${money(max!, currency)}${period}`;
  return `${money(min, currency)}${max === null ? '+' : ''}${period}`;
}

function positive(n: number | null | undefined): number | null {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/** One salary from the ATS's structured values and/or its text. */
export function normaliseSalary(input: SalaryInput): Salary {
  const text = input.salary?.trim() || null;
  const parsed = text ? parseSalaryText(text) : null;
  // Structured numbers, when the ATS has any, win over the text as a whole (never mixed with it).
  const hasStructured = positive(input.salaryMin) !== null || positive(input.salaryMax) !== null;
  let min = hasStructured ? positive(input.salaryMin) : (parsed?.min ?? null);
  let max = hasStructured ? positive(input.salaryMax) : (parsed?.max ?? null);
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const known = min !== null || max !== null;
  const currency = normaliseCurrency(input.salaryCurrency) ?? parsed?.currency ?? (known ? 'USD' : null);
  const period =
    normalisePeriod(input.salaryPeriod) ?? parsed?.period ?? (known ? guessPeriod((max ?? min)!) : null);
  const structured = { min, max, currency, period };
  return { text: text ?? formatSalary(structured), ...structured };
}

/** The salary in USD per year (approximate), or null when the amount or currency is unknown. */
export function toUsdPerYear(
  salary: Pick<Salary, 'min' | 'max' | 'currency' | 'period'>,
): { min: number; max: number } | null {
  const rate = USD_PER_UNIT[salary.currency ?? 'USD'];
  const low = salary.min ?? salary.max;
  const high = salary.max ?? salary.min;
  if (rate === undefined || low === null || high === null) return null;
  const factor = rate * PERIODS_PER_YEAR[salary.period ?? guessPeriod(high)];
  return { min: Math.round(low * factor), max: Math.round(high * factor) };
}

const RANGE_BOUNDS: Record<SalaryRange, { min: number; max: number | null }> = {
  '50k-80k': { min: 50_000, max: 80_000 },
  '80k-120k': { min: 80_000, max: 120_000 },
  '120k-150k': { min: 120_000, max: 150_000 },
  '150k+': { min: 150_000, max: null },
};

/**
 * USD-per-year bounds of a salary filter range, half-open: [min, max). A job matches when its own
 * [min, max] in USD per year overlaps: `job.max >= range.min && (range.max === null || job.min < range.max)`.
 */
export function salaryRangeBounds(range: string): { min: number; max: number | null } | null {
  return RANGE_BOUNDS[range as SalaryRange] ?? null;
}

export function salaryMatchesRange(usd: { min: number; max: number } | null, range: string): boolean {
  const bounds = salaryRangeBounds(range);
  if (!bounds || !usd) return false;
  return usd.max >= bounds.min && (bounds.max === null || usd.min < bounds.max);
}
