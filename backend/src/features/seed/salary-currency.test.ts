/**
 * Issue 24 (13): a demo job showed '$4,400,000+ / year', a salary in Kenyan shillings written as dollars (the
 * normaliser knew no 'KES' and fell back to USD). Every demo salary is shown in the currency of its place.
 */
import { describe, expect, it } from 'vitest';
import type { IngestItemPosted } from '@jobs/contracts';
import { normaliseJob } from '../jobs/normalise';
import { LOCATIONS } from './data';
import { generateJobs } from './generate';

const now = new Date('2025-06-01T12:00:00.000Z');
const currencyOf = new Map(LOCATIONS.map((l) => [l.text, l.currency]));
const SIGN: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  INR: '₹',
  JPY: '¥',
  BRL: 'R$',
};

describe('demo salaries', () => {
  it('are written in the currency of the place, never dollars for shillings or pesos', () => {
    const seen = new Set<string>();
    for (const item of generateJobs({ count: 1200, now }) as IngestItemPosted[]) {
      const job = normaliseJob(item, { now });
      if (!job.salary) continue;
      const currency = currencyOf.get(item.location ?? '')!;
      expect(job.salaryCurrency, `${item.location}: ${job.salary}`).toBe(currency);
      const shown = SIGN[currency] ?? currency;
      expect(job.salary.startsWith(shown), `${item.location}: ${job.salary}`).toBe(true);
      if (currency !== 'USD') expect(job.salary, item.location ?? '').not.toMatch(/^\$/);
      seen.add(currency);
    }
    expect(seen).toContain('KES');
    expect(seen.size).toBeGreaterThanOrEqual(10);
  });
});
