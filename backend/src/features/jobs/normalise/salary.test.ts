import { describe, expect, it } from 'vitest';
import {
  formatSalary,
  normalisePeriod,
  normaliseSalary,
  parseSalaryText,
  salaryMatchesRange,
  salaryRangeBounds,
  toUsdPerYear,
} from './salary';

describe('parseSalaryText', () => {
  it.each([
    ['$120k - $150k', 120_000, 150_000, 'USD', 'YEAR'],
    ['€50,000–65,000 per year', 50_000, 65_000, 'EUR', 'YEAR'],
    ['£45k', 45_000, 45_000, 'GBP', 'YEAR'],
    ['$60/hour', 60, 60, 'USD', 'HOUR'],
    ['USD 100000-120000', 100_000, 120_000, 'USD', 'YEAR'],
    ['120-150k USD', 120_000, 150_000, 'USD', 'YEAR'],
    ['CA$90,000 to CA$110,000 annually', 90_000, 110_000, 'CAD', 'YEAR'],
    ['€4.500 - €5.500 per month', 4_500, 5_500, 'EUR', 'MONTH'],
    ['R$ 8.000/mês', 8_000, 8_000, 'BRL', 'MONTH'],
    ['€600 per day', 600, 600, 'EUR', 'DAY'],
    ['$35.50 - $42.75 hourly', 35.5, 42.75, 'USD', 'HOUR'],
    ['₹18,00,000', 1_800_000, 1_800_000, 'INR', 'YEAR'],
    ['CHF 1.2M', 1_200_000, 1_200_000, 'CHF', 'YEAR'],
  ])('reads %j', (text, min, max, currency, period) => {
    const parsed = parseSalaryText(text);
    expect(parsed).toMatchObject({ min, max, currency, period });
  });

  it('returns null without an amount', () => {
    expect(parseSalaryText('Competitive')).toBeNull();
    expect(parseSalaryText('DOE')).toBeNull();
  });
});

describe('normalisePeriod', () => {
  it.each([
    ['YEAR', 'YEAR'],
    ['per-year-salary', 'YEAR'],
    ['1 YEAR', 'YEAR'],
    ['per-month-salary', 'MONTH'],
    ['per-hour-wage', 'HOUR'],
    ['hourly', 'HOUR'],
    ['per-day-wage', 'DAY'],
    ['weekly', 'WEEK'],
    ['one-time', null],
    ['whenever', null],
  ])('reads %j as %s', (value, period) => {
    expect(normalisePeriod(value)).toBe(period);
  });
});

describe('normaliseSalary', () => {
  it('builds a display text from structured values', () => {
    expect(
      normaliseSalary({
        salaryMin: 120000,
        salaryMax: 150000,
        salaryCurrency: 'USD',
        salaryPeriod: '1 YEAR',
      }),
    ).toEqual({
      text: '$120,000 - $150,000 / year',
      min: 120000,
      max: 150000,
      currency: 'USD',
      period: 'YEAR',
    });
  });

  it('keeps the ATS text and fills the numbers from it', () => {
    expect(normaliseSalary({ salary: '€50,000–65,000 per year' })).toEqual({
      text: '€50,000–65,000 per year',
      min: 50000,
      max: 65000,
      currency: 'EUR',
      period: 'YEAR',
    });
  });

  it('prefers structured numbers over the text', () => {
    const salary = normaliseSalary({ salary: 'From $100k', salaryMin: 110000, salaryCurrency: 'usd' });
    expect(salary).toMatchObject({
      text: 'From $100k',
      min: 110000,
      max: null,
      currency: 'USD',
      period: 'YEAR',
    });
  });

  it('assumes USD and guesses the period when only numbers are given', () => {
    expect(normaliseSalary({ salaryMin: 50, salaryMax: 70 })).toMatchObject({
      currency: 'USD',
      period: 'HOUR',
      text: '$50 - $70 / hour',
    });
  });

  it('is empty when nothing is known', () => {
    expect(normaliseSalary({})).toEqual({ text: null, min: null, max: null, currency: null, period: null });
    expect(normaliseSalary({ salary: 'Competitive' })).toEqual({
      text: 'Competitive',
      min: null,
      max: null,
      currency: null,
      period: null,
    });
  });
});

describe('formatSalary', () => {
  it('formats codes without a sign and open ranges', () => {
    expect(formatSalary({ min: 120000, max: 140000, currency: 'CHF', period: 'YEAR' })).toBe(
      'CHF 120,000 - 140,000 / year',
    );
    expect(formatSalary({ min: null, max: 90000, currency: 'GBP', period: 'YEAR' })).toBe(
      'Up to £90,000 / year',
    );
    expect(formatSalary({ min: 90000, max: null, currency: 'EUR', period: null })).toBe('€90,000+');
  });
});

describe('toUsdPerYear', () => {
  it('annualises and converts approximately', () => {
    expect(toUsdPerYear({ min: 60, max: 60, currency: 'USD', period: 'HOUR' })).toEqual({
      min: 124800,
      max: 124800,
    });
    expect(toUsdPerYear({ min: 50000, max: 65000, currency: 'EUR', period: 'YEAR' })).toEqual({
      min: 54000,
      max: 70200,
    });
    expect(toUsdPerYear({ min: 5000, max: null, currency: 'GBP', period: 'MONTH' })).toEqual({
      min: 76200,
      max: 76200,
    });
  });

  it('is null for an unknown currency or no amount', () => {
    expect(toUsdPerYear({ min: 1, max: 2, currency: 'XYZ', period: 'YEAR' })).toBeNull();
    expect(toUsdPerYear({ min: null, max: null, currency: 'USD', period: 'YEAR' })).toBeNull();
  });
});

describe('salary ranges', () => {
  it('gives the bounds of each spec range', () => {
    expect(salaryRangeBounds('50k-80k')).toEqual({ min: 50000, max: 80000 });
    expect(salaryRangeBounds('150k+')).toEqual({ min: 150000, max: null });
    expect(salaryRangeBounds('lots')).toBeNull();
  });

  it('matches a job whose range overlaps, half-open at the top', () => {
    expect(salaryMatchesRange({ min: 70000, max: 90000 }, '50k-80k')).toBe(true);
    expect(salaryMatchesRange({ min: 70000, max: 90000 }, '80k-120k')).toBe(true);
    expect(salaryMatchesRange({ min: 70000, max: 90000 }, '120k-150k')).toBe(false);
    expect(salaryMatchesRange({ min: 80000, max: 80000 }, '50k-80k')).toBe(false);
    expect(salaryMatchesRange({ min: 200000, max: 250000 }, '150k+')).toBe(true);
    expect(salaryMatchesRange(null, '150k+')).toBe(false);
  });
});
