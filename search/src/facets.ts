/** The facet counts of the PostgreSQL search index (job_search_facets): see facetTotalQuery in postgres.ts. */

/**
 * The salary filters the facet table answers: the spec's ranges (contracts SALARY_RANGES, bounds as in the feed's
 * `salary` parameter). Bit i of a document's salary_mask says it matches FACET_SALARY_BOUNDS[i] under the same test
 * as the filter; a query with other bounds is counted on job_search itself.
 */
export const FACET_SALARY_BOUNDS: readonly { min: number; max: number | null }[] = [
  { min: 50_000, max: 80_000 },
  { min: 80_000, max: 120_000 },
  { min: 120_000, max: 150_000 },
  { min: 150_000, max: null },
];

export const FACET_COLUMNS =
  'continent_key, experience_key, type_key, industry_key, is_remote, is_hybrid, is_worldwide, salary_mask';

/** A job_search row's facet key, in FACET_COLUMNS order (continent '' for none). */
export const FACET_KEY_SQL = `coalesce(continent_key, ''), experience_key, type_key, industry_key, is_remote, is_hybrid,
  is_worldwide, (${FACET_SALARY_BOUNDS.map(
    (b, i) =>
      `(case when salary_hi >= ${b.min}${b.max === null ? '' : ` and salary_lo <= ${b.max}`} then ${1 << i} else 0 end)`,
  ).join(' + ')})`;

/** Adds `sign` x the given documents' facet counts (run before a change with -1, after it with +1). */
export const COUNT_FACETS_SQL = (sign: 1 | -1) => `
  insert into job_search_facets (${FACET_COLUMNS}, documents)
  select ${FACET_KEY_SQL}, ${sign} * count(*) from job_search where id = any($1::uuid[])
  group by 1, 2, 3, 4, 5, 6, 7, 8
  order by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (${FACET_COLUMNS}) do update set documents = job_search_facets.documents + excluded.documents`;

export const FILL_FACETS_SQL = `
  insert into job_search_facets (${FACET_COLUMNS}, documents)
  select ${FACET_KEY_SQL}, count(*) from job_search group by 1, 2, 3, 4, 5, 6, 7, 8`;
