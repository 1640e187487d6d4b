import type { SalaryPeriod } from '@jobs/contracts';

/**
 * Approximate USD value of one unit of each currency. The salary filter compares ranges in USD per
 * year (spec section 9); rough rates are good enough to place a salary in a 50k-80k style bucket.
 */
const USD_PER_UNIT: Record<string, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CHF: 1.12,
  CAD: 0.73,
  AUD: 0.66,
  NZD: 0.6,
  SGD: 0.74,
  HKD: 0.128,
  JPY: 0.0067,
  CNY: 0.138,
  INR: 0.012,
  SEK: 0.095,
  NOK: 0.093,
  DKK: 0.145,
  PLN: 0.25,
  CZK: 0.043,
  HUF: 0.0027,
  RON: 0.22,
  BRL: 0.18,
  MXN: 0.055,
  ARS: 0.0011,
  COP: 0.00025,
  CLP: 0.0011,
  ZAR: 0.055,
  ILS: 0.27,
  AED: 0.27,
  TRY: 0.03,
  PHP: 0.018,
  UAH: 0.024,
};

const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = {
  YEAR: 1,
  MONTH: 12,
  WEEK: 52,
  DAY: 260,
  HOUR: 2080,
};

/** An amount in USD per year, rounded; null when the currency is unknown. No currency means USD. */
export function toUsdPerYear(
  amount: number | null,
  currency: string | null,
  period: SalaryPeriod | null,
): number | null {
  if (amount === null || !Number.isFinite(amount)) return null;
  const rate = USD_PER_UNIT[(currency ?? 'USD').toUpperCase()];
  if (rate === undefined) return null;
  return Math.round(amount * rate * PERIODS_PER_YEAR[period ?? 'YEAR']);
}
