import type { SalaryPeriod } from '@jobs/contracts';
import { USD_PER_UNIT } from '@jobs/contracts/currency-rates';

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
