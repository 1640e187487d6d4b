/**
 * Salary figures from live listings (issue 25): for a title, and optionally an experience level and a country,
 * the listings that state a salary the rate table can convert, summarised in US dollars per year. Each listing
 * counts once, by the middle of its range. Fewer than MIN_SALARY_SAMPLE listings give no figures: too little
 * data to quote, rather than numbers that are one posting's.
 */
import type pg from 'pg';
import { z } from 'zod';
import { EXPERIENCE_LEVELS } from '@jobs/contracts';
import { countryByName } from './normalise/places';

export const MIN_SALARY_SAMPLE = 5;

export const SalaryQuery = z.object({
  title: z
    .string({ error: 'Required' })
    .trim()
    .min(2, 'Must be at least 2 characters')
    .max(100, 'Must be at most 100 characters')
    .meta({ description: "A job title or part of one ('data engineer'), matched case-insensitively." }),
  experienceLevel: z
    .enum(EXPERIENCE_LEVELS, { error: `Must be one of: ${EXPERIENCE_LEVELS.join(', ')}` })
    .optional()
    .meta({ description: `Only listings of this level: ${EXPERIENCE_LEVELS.join(', ')}.` }),
  country: z
    .string()
    .trim()
    .max(100)
    .transform((raw, ctx) => {
      const found = countryByName(raw);
      if (!found) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown country '${raw}'; a name such as 'Germany' or an ISO code such as 'DE'`,
        });
        return z.NEVER;
      }
      return found.code;
    })
    .optional()
    .meta({
      description: "Only listings in this country: a name ('Germany', 'UK') or an ISO 3166 code ('DE').",
    }),
});
export type SalaryQuery = z.output<typeof SalaryQuery>;

export interface SalaryFigures {
  title: string;
  experienceLevel: string | null;
  /** ISO 3166 alpha-2, when the query named a country. */
  country: string | null;
  /** Live listings matching the query that state a salary convertible to USD. */
  n: number;
  /** Null when n < MIN_SALARY_SAMPLE. */
  p25: number | null;
  median: number | null;
  p75: number | null;
  unit: 'USD per year';
  /** The currencies the listings state, most listings first. */
  currencies: { currency: string; listings: number }[];
  enoughData: boolean;
  message: string;
}

const round = (v: number | null) => (v === null ? null : Math.round(v / 100) * 100);

export async function salaryFigures(pool: pg.Pool, query: SalaryQuery): Promise<SalaryFigures> {
  const pattern = `%${query.title.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool.query<{
    n: number;
    p25: number | null;
    median: number | null;
    p75: number | null;
    currencies: { currency: string; listings: number }[] | null;
  }>(
    `with listings as (
       select (coalesce(salary_min_usd, salary_max_usd) + coalesce(salary_max_usd, salary_min_usd)) / 2 as usd,
              upper(coalesce(salary_currency, 'USD')) as currency
       from jobs
       where status = 'live' and lower(title) like $1
         and (salary_min_usd is not null or salary_max_usd is not null)
         and ($2::text is null or experience_level = $2) and ($3::text is null or country = $3)
     )
     select count(*)::int as n,
            percentile_cont(0.25) within group (order by usd) as p25,
            percentile_cont(0.5) within group (order by usd) as median,
            percentile_cont(0.75) within group (order by usd) as p75,
            (select json_agg(json_build_object('currency', currency, 'listings', c) order by c desc, currency)
             from (select currency, count(*)::int as c from listings group by currency) per) as currencies
     from listings`,
    [pattern, query.experienceLevel ?? null, query.country ?? null],
  );
  const row = rows[0]!;
  const enoughData = row.n >= MIN_SALARY_SAMPLE;
  const scope = [
    `'${query.title}'`,
    query.experienceLevel ? `at ${query.experienceLevel} level` : '',
    query.country ? `in ${query.country}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    title: query.title,
    experienceLevel: query.experienceLevel ?? null,
    country: query.country ?? null,
    n: row.n,
    p25: enoughData ? round(row.p25) : null,
    median: enoughData ? round(row.median) : null,
    p75: enoughData ? round(row.p75) : null,
    unit: 'USD per year',
    currencies: row.currencies ?? [],
    enoughData,
    message: enoughData
      ? `From ${row.n} live listings for ${scope} that state a salary, in US dollars per year (approximate rates, each listing by the middle of its range).`
      : `Too little data: ${row.n} live listing${row.n === 1 ? '' : 's'} for ${scope} state${row.n === 1 ? 's' : ''} a salary; at least ${MIN_SALARY_SAMPLE} are needed for figures.`,
  };
}
