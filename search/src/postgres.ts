import type pg from 'pg';
import type { JobSearchDocument, JobSearchQuery, JobSearchResult, SearchIndex } from '@jobs/contracts';
import { copyRows, type CopyColumn } from '@jobs/projections/copy';
import { COUNT_FACETS_SQL, FACET_SALARY_BOUNDS, FILL_FACETS_SQL } from './facets';
import { descriptionWords } from './description-words';
import { migrateSearchSchema } from './postgres-schema';
import { inTransaction } from './transaction';
import {
  DEFAULT_SUGGESTION_LIMIT,
  lastById,
  normalizeKey,
  paging,
  searchText,
  searchWords,
  suggestionTerms,
  wholeWordsPattern,
} from './text';

/** Rows made between two turns of the event loop in a large upsert. */
const ROW_SLICE = 50;

/** Text queries count their matches exactly up to this many; a total above it is an estimate. */
export const TEXT_COUNT_CAP = 10_000;

/**
 * A rebuild's replay writes job_search without its secondary indexes (the GIN ones cost most per row): 'begin' keeps
 * each index's definition in job_search_deferred_indexes and drops it in one transaction; 'end' creates them again in
 * one pass each, several times faster than row by row. Writes look rows up by id only (the primary key stays). A
 * process that died in between leaves the definitions behind: ensureReady builds them at the next start.
 */
async function deferIndexes(client: pg.PoolClient): Promise<void> {
  await client.query(
    'create table if not exists job_search_deferred_indexes (name text primary key, definition text not null)',
  );
  // The document and facet counts are left to the end too (issue 26): this row says they must be counted.
  await client.query(
    `insert into job_search_deferred_indexes (name, definition) values ($1, '') on conflict (name) do nothing`,
    [COUNTS_MARKER],
  );
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = 'job_search'
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const r of rows) {
    await client.query(
      'insert into job_search_deferred_indexes (name, definition) values ($1, $2) on conflict (name) do nothing',
      [r.name, r.definition],
    );
    await client.query(`drop index if exists ${client.escapeIdentifier(r.name)}`);
  }
}

async function restoreDeferredIndexes(pool: pg.Pool): Promise<void> {
  const { rows: table } = await pool.query<{ t: string | null }>(
    "select to_regclass('job_search_deferred_indexes')::text as t",
  );
  if (!table[0]?.t) return;
  const { rows } = await pool.query<{ name: string; definition: string }>(
    'select name, definition from job_search_deferred_indexes order by name',
  );
  if (rows.some((r) => r.name === COUNTS_MARKER)) await countAfterBulkLoad(pool);
  if (rows.some((r) => r.name === SUGGESTIONS_MARKER)) await suggestionsFromRows(pool);
  for (const r of rows) {
    if (r.name === COUNTS_MARKER || r.name === SUGGESTIONS_MARKER) continue;
    // The definition as PostgreSQL printed it (`CREATE INDEX name ON ...`); made idempotent for a second process.
    await pool.query(r.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await pool.query('delete from job_search_deferred_indexes where name = $1', [r.name]);
  }
}

/** The job_search_deferred_indexes row of a bulk load that left the counts to its end. */
const COUNTS_MARKER = '$counts';
/** The row of a rebuild whose suggestions are not written yet (see rebuildWrite). */
const SUGGESTIONS_MARKER = '$suggestions';

const SUGGESTION_COLUMNS: readonly CopyColumn[] = [
  { name: 'key' },
  { name: 'term' },
  { name: 'kind' },
  { name: 'doc_count' },
];

/**
 * job_suggestions counted again from the rows, for a rebuild that did not finish (its process died, or a write
 * failed: the suggestions it tallied are not those of the rows written). The counts are exact; a key's term is the
 * one of its oldest document, where the live path keeps the first one written since the key was last absent.
 */
async function suggestionsFromRows(pool: pg.Pool): Promise<void> {
  await searchWrite(pool, async (client) => {
    const { rows } = await client.query<{ title: string; company: string; skills: string[] }>(
      'select title, company, skills from job_search order by date_posted, id',
    );
    const tally = new Map<string, { key: string; term: string; kind: string; docCount: number }>();
    for (const row of rows) {
      for (const t of suggestionTerms(row)) {
        const known = tally.get(t.key);
        if (known) known.docCount += 1;
        else tally.set(t.key, { ...t, docCount: 1 });
      }
    }
    await client.query('truncate job_suggestions');
    await copyRows(
      client,
      'job_suggestions',
      SUGGESTION_COLUMNS,
      [...tally.values()].map((t) => [t.key, t.term, t.kind, t.docCount]),
    );
    await client.query('delete from job_search_deferred_indexes where name = $1', [SUGGESTIONS_MARKER]);
  });
}

/**
 * The counts a bulk load's writes leave out, from the rows: the documents, and the facet combinations (truncated and
 * filled again; the live path keeps a combination whose documents all went as a row of 0, a rebuild has no such row).
 */
async function countAfterBulkLoad(pool: pg.Pool): Promise<void> {
  await searchWrite(pool, async (client) => {
    await client.query('truncate job_search_facets');
    await client.query(FILL_FACETS_SQL);
    await client.query(
      'update job_search_stats set documents = (select count(*) from job_search) where id = 1',
    );
    await client.query('delete from job_search_deferred_indexes where name = $1', [COUNTS_MARKER]);
  });
}

/**
 * A write to the index's tables, serialised with every other (WRITE_LOCK). Only the search-index projection writes
 * here, and the index is rebuilt from the events: no need to wait for the WAL flush (a crash loses at most the last
 * moments, which the projection applies again).
 */
function searchWrite(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  return inTransaction(pool, 'begin; set local synchronous_commit = off', async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    await work(client);
  });
}

/** Serialises writers, so the suggestion counts read-modify-write of two concurrent batches cannot interleave. */
const WRITE_LOCK = 7_424_002;

const HEAD_TSV_SQL = `
  setweight(to_tsvector('simple', d.title_words), 'A') ||
  setweight(to_tsvector('simple', d.company_skill_words), 'B') ||
  setweight(to_tsvector('simple', d.location_words), 'C')`;

const UPSERT_SQL = `
  insert into job_search (
    id, public_id, slug, title, company, company_logo, location, country, continent, is_remote, is_hybrid, type,
    experience_level, industry, salary, salary_min_usd, salary_max_usd, skills, date_posted, source,
    work_from_worldwide, work_from_countries, utc_min, utc_max, head_tsv, tsv)
  select d.id, d.public_id, d.slug, d.title, d.company, d.company_logo, d.location, d.country, d.continent, d.is_remote,
    d.is_hybrid, d.type, d.experience_level, d.industry, d.salary, d.salary_min_usd, d.salary_max_usd,
    array(select jsonb_array_elements_text(d.skills)), d.date_posted, d.source,
    d.work_from_worldwide, array(select jsonb_array_elements_text(d.work_from_countries)), d.utc_min, d.utc_max,
    h.tsv, h.tsv || array_to_tsvector(string_to_array(d.description_letters, ' '))
      || setweight(to_tsvector('simple', d.description_words), 'D')
  from jsonb_to_recordset($1::jsonb) as d(
    id uuid, public_id bigint, slug text, title text, company text, company_logo text, location text, country text,
    continent text, is_remote boolean, is_hybrid boolean, type text, experience_level text, industry text, salary text,
    salary_min_usd double precision, salary_max_usd double precision, skills jsonb, date_posted timestamptz, source text, title_words text,
    company_skill_words text, location_words text, description_letters text, description_words text,
    work_from_worldwide boolean,
    work_from_countries jsonb, utc_min double precision, utc_max double precision)
    -- The head's tsvector once per row (the full one extends it).
    cross join lateral (select ${HEAD_TSV_SQL} as tsv) h
  on conflict (id) do update set
    public_id = excluded.public_id, slug = excluded.slug, title = excluded.title, company = excluded.company,
    company_logo = excluded.company_logo, location = excluded.location, country = excluded.country,
    continent = excluded.continent, is_remote = excluded.is_remote, is_hybrid = excluded.is_hybrid,
    type = excluded.type, experience_level = excluded.experience_level, industry = excluded.industry,
    salary = excluded.salary, salary_min_usd = excluded.salary_min_usd, salary_max_usd = excluded.salary_max_usd,
    skills = excluded.skills, date_posted = excluded.date_posted, source = excluded.source,
    work_from_worldwide = excluded.work_from_worldwide, work_from_countries = excluded.work_from_countries,
    utc_min = excluded.utc_min, utc_max = excluded.utc_max,
    head_tsv = excluded.head_tsv, tsv = excluded.tsv
  returning (xmax = 0) as inserted`;

/**
 * A rebuild's rows go in with COPY into this session's staging table, then into job_search with one plain insert
 * (no JSON to parse, no ON CONFLICT: the rows are new), the tsvectors made by the same expressions as UPSERT_SQL.
 * ON COMMIT DELETE ROWS: each write starts from an empty table.
 */
const STAGING_SQL = `
  create temp table if not exists job_search_staging (
    id uuid, public_id bigint, slug text, title text, company text, company_logo text, location text, country text,
    continent text, is_remote boolean, is_hybrid boolean, type text, experience_level text, industry text,
    salary text, salary_min_usd double precision, salary_max_usd double precision, skills text[],
    date_posted timestamptz, source text, title_words text, company_skill_words text, location_words text,
    description_letters text, description_words text, work_from_worldwide boolean, work_from_countries text[],
    utc_min double precision, utc_max double precision
  ) with (toast_tuple_target = 8160) on commit delete rows`;

const STAGING_COLUMNS: readonly CopyColumn[] = [
  'id',
  'public_id',
  'slug',
  'title',
  'company',
  'company_logo',
  'location',
  'country',
  'continent',
  'is_remote',
  'is_hybrid',
  'type',
  'experience_level',
  'industry',
  'salary',
  'salary_min_usd',
  'salary_max_usd',
  'skills',
  'date_posted',
  'source',
  'title_words',
  'company_skill_words',
  'location_words',
  'description_letters',
  'description_words',
  'work_from_worldwide',
  'work_from_countries',
  'utc_min',
  'utc_max',
].map((name) => ({ name }));

/** A document as a staging row, in STAGING_COLUMNS order (the same values documentRow sends as JSON). */
export function stagingRowOf(doc: JobSearchDocument): unknown[] {
  const words = descriptionWords(doc.descriptionText);
  return [
    doc.id,
    doc.publicId,
    doc.slug,
    doc.title,
    doc.company,
    doc.companyLogo,
    doc.location,
    doc.country,
    doc.continent,
    doc.isRemote,
    doc.isHybrid,
    doc.type,
    doc.experienceLevel,
    doc.industry,
    doc.salary,
    doc.salaryMinUsd,
    doc.salaryMaxUsd,
    doc.skills,
    doc.datePosted,
    doc.source,
    searchText(doc.title),
    searchText([doc.company, ...doc.skills].join(' ')),
    searchText([doc.location, doc.country ?? '', doc.continent ?? ''].join(' ')),
    words.description_letters,
    words.description_words,
    doc.workFromWorldwide,
    doc.workFromCountries,
    doc.utcMin,
    doc.utcMax,
  ];
}

const INSERT_STAGED_SQL = `
  insert into job_search (
    id, public_id, slug, title, company, company_logo, location, country, continent, is_remote, is_hybrid, type,
    experience_level, industry, salary, salary_min_usd, salary_max_usd, skills, date_posted, source,
    work_from_worldwide, work_from_countries, utc_min, utc_max, head_tsv, tsv)
  select d.id, d.public_id, d.slug, d.title, d.company, d.company_logo, d.location, d.country, d.continent, d.is_remote,
    d.is_hybrid, d.type, d.experience_level, d.industry, d.salary, d.salary_min_usd, d.salary_max_usd, d.skills,
    d.date_posted, d.source, d.work_from_worldwide, d.work_from_countries, d.utc_min, d.utc_max,
    h.tsv, h.tsv || array_to_tsvector(string_to_array(d.description_letters, ' '))
      || setweight(to_tsvector('simple', d.description_words), 'D')
  from job_search_staging d
    cross join lateral (select ${HEAD_TSV_SQL} as tsv) h`;

/** Adds each delta to the term's count (inserting new terms), in key order so concurrent lockers agree. */
const COUNT_TERMS_SQL = `
  insert into job_suggestions (key, term, kind, doc_count)
  select t.key, t.term, t.kind, t.delta
  from jsonb_to_recordset($1::jsonb) as t(key text, term text, kind text, delta integer)
  order by t.key
  on conflict (key) do update set doc_count = job_suggestions.doc_count + excluded.doc_count`;

interface TermDelta {
  key: string;
  term: string;
  kind: string;
  delta: number;
}

function documentRow(doc: JobSearchDocument) {
  const terms = suggestionTerms(doc);
  return {
    id: doc.id,
    public_id: doc.publicId,
    slug: doc.slug,
    title: doc.title,
    company: doc.company,
    company_logo: doc.companyLogo,
    location: doc.location,
    country: doc.country,
    continent: doc.continent,
    is_remote: doc.isRemote,
    is_hybrid: doc.isHybrid,
    type: doc.type,
    experience_level: doc.experienceLevel,
    industry: doc.industry,
    salary: doc.salary,
    salary_min_usd: doc.salaryMinUsd,
    salary_max_usd: doc.salaryMaxUsd,
    skills: doc.skills,
    date_posted: doc.datePosted,
    source: doc.source,
    work_from_worldwide: doc.workFromWorldwide,
    work_from_countries: doc.workFromCountries,
    utc_min: doc.utcMin,
    utc_max: doc.utcMax,
    title_words: searchText(doc.title),
    company_skill_words: searchText([doc.company, ...doc.skills].join(' ')),
    location_words: searchText([doc.location, doc.country ?? '', doc.continent ?? ''].join(' ')),
    ...descriptionWords(doc.descriptionText),
    terms,
  };
}

/** A growing SQL condition list with numbered parameters. */
class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(sql: string): void {
    this.parts.push(sql);
  }

  where(): string {
    return this.parts.length ? `where ${this.parts.join(' and ')}` : '';
  }
}

/**
 * Every filter of the query except text, as SQL on the generated lower-case columns.
 * `withText`: the filters go with a text condition, so the columns are wrapped to keep their btree indexes out of the
 * plan. Otherwise the planner may fetch, say, every full-time job by its index and then test each one's text, which
 * detoasts tens of thousands of tsvectors (0.7 s at 100k jobs); driven by the GIN index instead, the text test needs
 * no recheck and these filters are cheap tests on the heap row.
 */
function addFilters(c: Conditions, q: JobSearchQuery, withText = false): void {
  const text = (column: string) => (withText ? `(${column} || '')` : column);
  const num = (column: string) => (withText ? `(${column} + 0)` : column);
  const loc = q.location;
  if (loc?.kind === 'place') {
    const place = normalizeKey(loc.value);
    if (loc.country) {
      const code = c.param(loc.country.code.toLowerCase());
      const names = loc.country.names.length
        ? ` or ${text('location_key')} ~ ${c.param(wholeWordsPattern(loc.country.names))}`
        : '';
      c.add(`(${text('country_key')} = ${code}${names})`);
    } else if (place) {
      const p = c.param(place);
      c.add(
        `(${text('location_key')} like '%' || ${escapeLikeSql(p)} || '%' escape '\\' or ${text('country_key')} = ${p})`,
      );
    }
  } else if (loc?.kind === 'continent') {
    c.add(`${text('continent_key')} = ${c.param(normalizeKey(loc.continent))}`);
    if (loc.remoteOnly) c.add('is_remote');
  } else if (loc?.kind === 'worldwideRemote') {
    c.add('is_remote and is_worldwide');
  }
  if (q.experienceLevel) c.add(`${text('experience_key')} = ${c.param(normalizeKey(q.experienceLevel))}`);
  if (q.type) c.add(`${text('type_key')} = ${c.param(normalizeKey(q.type))}`);
  if (q.industry) c.add(`${text('industry_key')} = ${c.param(normalizeKey(q.industry))}`);
  if (q.isRemote === true) c.add('(is_remote or is_hybrid)');
  if (q.isRemote === false) c.add('not is_remote and not is_hybrid');
  if (q.salaryUsd) {
    c.add(`${num('salary_hi')} >= ${c.param(q.salaryUsd.min)}`);
    if (q.salaryUsd.max !== null) c.add(`${num('salary_lo')} <= ${c.param(q.salaryUsd.max)}`);
  }
  if (q.postedAfter) {
    const column = withText ? `(date_posted + interval '0 seconds')` : 'date_posted';
    c.add(`${column} >= ${c.param(q.postedAfter)}::timestamptz`);
  }
  if (q.workFrom)
    c.add(
      `(work_from_worldwide or work_from_countries @> array[${c.param(q.workFrom.toUpperCase())}]::text[])`,
    );
  if (q.timezone) {
    const lo = c.param(q.timezone.offset - q.timezone.hours);
    const hi = c.param(q.timezone.offset + q.timezone.hours);
    c.add(`((utc_min <= ${hi} and utc_max >= ${lo}) or (utc_min is null and work_from_worldwide))`);
  }
}

/**
 * The query's total from job_search_facets, when every condition is one the facets carry (continent, worldwide,
 * experience, type, industry, remote/hybrid, a spec salary range); null otherwise (text, a place, a date).
 */
function facetTotalQuery(q: JobSearchQuery): { sql: string; params: unknown[] } | null {
  if (q.postedAfter || q.location?.kind === 'place' || q.workFrom || q.timezone) return null;
  const c = new Conditions();
  const loc = q.location;
  if (loc?.kind === 'continent') {
    c.add(`continent_key = ${c.param(normalizeKey(loc.continent))}`);
    if (loc.remoteOnly) c.add('is_remote');
  } else if (loc?.kind === 'worldwideRemote') {
    c.add('is_remote and is_worldwide');
  }
  if (q.experienceLevel) c.add(`experience_key = ${c.param(normalizeKey(q.experienceLevel))}`);
  if (q.type) c.add(`type_key = ${c.param(normalizeKey(q.type))}`);
  if (q.industry) c.add(`industry_key = ${c.param(normalizeKey(q.industry))}`);
  if (q.isRemote === true) c.add('(is_remote or is_hybrid)');
  if (q.isRemote === false) c.add('not is_remote and not is_hybrid');
  if (q.salaryUsd) {
    const { min, max } = q.salaryUsd;
    const bit = FACET_SALARY_BOUNDS.findIndex((b) => b.min === min && b.max === max);
    if (bit < 0) return null;
    c.add(`salary_mask & ${1 << bit} <> 0`);
  }
  return {
    sql: `select coalesce(sum(documents), 0)::int as total from job_search_facets ${c.where()}`,
    params: c.params,
  };
}

/** SQL that escapes LIKE wildcards in a text parameter. */
function escapeLikeSql(param: string): string {
  return `replace(replace(replace(${param}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `senior eng` -> `senior & eng:*`: every word must match, the last one as a prefix. */
function toTsQuery(words: string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

function orderBy(q: JobSearchQuery, rankSql: string | null): string {
  const dir = q.sortOrder === 'asc' ? 'asc' : 'desc';
  switch (q.sortBy) {
    case 'relevance':
      return rankSql ? `${rankSql} desc, date_posted desc, id` : 'date_posted desc, id';
    case 'datePosted':
      return `date_posted ${dir}, id`;
    case 'title':
      return `title_key ${dir}, date_posted desc, id`;
    case 'company':
      return `company_key ${dir}, date_posted desc, id`;
    default: {
      const never: never = q.sortBy;
      throw new Error(`unknown sortBy ${String(never)}`);
    }
  }
}

export function createPostgresSearchIndex(pool: pg.Pool): SearchIndex {
  /**
   * Between bulkLoad('begin') and ('end') (a rebuild): writes leave the facet and document counts alone, and the end
   * counts them once from the rows (a process that dies in between leaves a marker: the next ensureReady counts).
   */
  let bulk = false;
  /** A rebuild wrote rows and its suggestions are not written yet (the marker row says so too). */
  let suggestionsPending = false;

  /**
   * Runs one read. With `viaIndexes`, sequential scans are off for it: a text condition matching most rows looks
   * cheapest as a sequential scan, but that detoasts every row's full tsvector, while the GIN bitmap needs no recheck
   * and never reads it.
   */
  async function read<R extends pg.QueryResultRow>(
    sql: string,
    params: unknown[],
    viaIndexes: boolean,
    /** Planner or extension settings for this read only, e.g. ['pg_trgm.word_similarity_threshold', '0.45']. */
    setting?: [string, string],
  ): Promise<R[]> {
    if (!viaIndexes && !setting) return (await pool.query<R>(sql, params)).rows;
    return inTransaction(pool, 'begin read only', async (client) => {
      if (viaIndexes) await client.query('set local enable_seqscan = off');
      if (setting) await client.query('select set_config($1, $2, true)', setting);
      return (await client.query<R>(sql, params)).rows;
    });
  }

  async function pageAndCount(
    c: Conditions,
    order: string,
    q: JobSearchQuery,
    viaIndexes = false,
    knownTotal?: number,
    facetTotal?: { sql: string; params: unknown[] } | null,
    capCount = false,
  ): Promise<JobSearchResult> {
    const { limit, offset } = paging(q);
    const where = c.where();
    const pageParams = [...c.params, limit, offset];
    const n = c.params.length;
    const pageOf = async () =>
      (
        await read<{ id: string }>(
          `select id from job_search ${where} order by ${order} limit $${n + 1} offset $${n + 2}`,
          pageParams,
          viaIndexes,
        )
      ).map((r) => r.id);
    // A total known up front (the caller's hint, or without any condition the writers' document count: one row,
    // not a count of the whole index) also spares the page query for a page past the end, which would walk the
    // whole index to find nothing.
    if (knownTotal !== undefined || !where || facetTotal) {
      const counted =
        knownTotal === undefined
          ? facetTotal && where
            ? await read<{ total: number }>(facetTotal.sql, facetTotal.params, false)
            : await read<{ total: number }>(
                'select documents::int as total from job_search_stats where id = 1',
                [],
                false,
              )
          : null;
      const total = knownTotal ?? counted?.[0]?.total ?? 0;
      return { ids: offset >= total ? [] : await pageOf(), total };
    }
    // Two connections at once: the page and the total cost one round trip, not two. A text query counts at most
    // TEXT_COUNT_CAP + 1 matches: past that the total is the planner's estimate (see estimatedTotal).
    const countSql = capCount
      ? `select count(*)::int as total from (select 1 from job_search ${where} limit ${TEXT_COUNT_CAP + 1}) s`
      : `select count(*)::int as total from job_search ${where}`;
    const [ids, count] = await Promise.all([
      pageOf(),
      read<{ total: number }>(countSql, c.params, viaIndexes),
    ]);
    const total = count[0]?.total ?? 0;
    if (capCount && total > TEXT_COUNT_CAP) return { ids, total: await estimatedTotal(where, c.params) };
    return { ids, total };
  }

  /**
   * PostgreSQL's estimate of a text query's matches (from the tsvector statistics ANALYZE keeps), rounded to two
   * significant digits, and never under the count that proved it large. Counting half a million matches exactly
   * costs seconds at a million jobs; nobody pages through more than TEXT_COUNT_CAP results of a search.
   */
  async function estimatedTotal(where: string, params: unknown[]): Promise<number> {
    const rows = await read<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `explain (format json) select 1 from job_search ${where}`,
      params,
      true,
    );
    const estimate = rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
    const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(estimate, 1))) - 1);
    return Math.max(TEXT_COUNT_CAP + 1, Math.round(estimate / magnitude) * magnitude);
  }

  function write(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    return searchWrite(pool, work);
  }

  /** Removes the old rows' terms from the counts; returns nothing, mutates `deltas`. */
  async function uncountExisting(
    client: pg.PoolClient,
    ids: string[],
    deltas: Map<string, TermDelta>,
  ): Promise<void> {
    const { rows } = await client.query<{ title: string; company: string; skills: string[] }>(
      'select title, company, skills from job_search where id = any($1::uuid[]) for update',
      [ids],
    );
    for (const row of rows) {
      for (const { key } of suggestionTerms(row)) {
        const d = deltas.get(key);
        if (d) d.delta -= 1;
        else deltas.set(key, { key, term: key, kind: 'title', delta: -1 });
      }
    }
  }

  async function addDocuments(client: pg.PoolClient, delta: number): Promise<void> {
    if (delta !== 0)
      await client.query('update job_search_stats set documents = documents + $1 where id = 1', [delta]);
  }

  async function applyDeltas(client: pg.PoolClient, deltas: Map<string, TermDelta>): Promise<void> {
    const changed = [...deltas.values()].filter((d) => d.delta !== 0);
    if (!changed.length) return;
    await client.query(COUNT_TERMS_SQL, [JSON.stringify(changed)]);
    const lowered = changed.filter((d) => d.delta < 0).map((d) => d.key);
    if (lowered.length)
      await client.query('delete from job_suggestions where key = any($1) and doc_count <= 0', [lowered]);
  }

  async function textSearch(words: string[], q: JobSearchQuery): Promise<JobSearchResult> {
    const c = new Conditions();
    const tsq = c.param(toTsQuery(words));
    c.add(`tsv @@ to_tsquery('simple', ${tsq})`);
    addFilters(c, q, true);
    return pageAndCount(
      c,
      orderBy(q, `ts_rank(head_tsv, to_tsquery('simple', ${tsq}))`),
      q,
      true,
      undefined,
      null,
      true,
    );
  }

  /** Each word replaced by the most similar word of a known title, company or skill (itself when none is close). */
  async function correctWords(words: string[]): Promise<string[]> {
    // A typo costs a word more trigrams than the default 0.6 allows ('desiner' is 0.55 of 'product designer').
    const rows = await read<{ n: number; word: string }>(
      `select q.n::int as n, best.word
       from unnest($1::text[]) with ordinality as q(word, n)
       cross join lateral (
         select w.word
         from job_suggestions s
         cross join lateral regexp_split_to_table(s.key, '[^[:alnum:]]+') as w(word)
         where q.word <% s.key and w.word <> ''
         order by similarity(w.word, q.word) desc, s.doc_count desc, w.word
         limit 1
       ) best`,
      [words],
      false,
      ['pg_trgm.word_similarity_threshold', '0.45'],
    );
    const corrected = [...words];
    for (const row of rows) corrected[row.n - 1] = row.word;
    return searchWords(corrected.join(' '));
  }

  return {
    kind: 'postgres',

    async ensureReady() {
      await migrateSearchSchema(pool);
      await restoreDeferredIndexes(pool);
    },

    async upsert(docs) {
      const unique = lastById(docs);
      if (!unique.length) return;
      // A large batch's rows a slice at a time, letting the event loop run between (a write in flight on another
      // connection needs it for each round trip: see writeChunked in projection.ts).
      const rows: ReturnType<typeof documentRow>[] = [];
      for (let i = 0; i < unique.length; i += ROW_SLICE) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        for (const doc of unique.slice(i, i + ROW_SLICE)) rows.push(documentRow(doc));
      }
      await write(async (client) => {
        const deltas = new Map<string, TermDelta>();
        await uncountExisting(
          client,
          rows.map((r) => r.id),
          deltas,
        );
        for (const row of rows) {
          for (const t of row.terms) {
            const d = deltas.get(t.key);
            if (d) {
              d.delta += 1;
              d.term = t.term;
              d.kind = t.kind;
            } else deltas.set(t.key, { key: t.key, term: t.term, kind: t.kind, delta: 1 });
          }
        }
        const ids = rows.map((r) => r.id);
        if (!bulk) await client.query(COUNT_FACETS_SQL(-1), [ids]);
        const upserted = await client.query<{ inserted: boolean }>(UPSERT_SQL, [
          JSON.stringify(rows.map(({ terms: _terms, ...row }) => row)),
        ]);
        if (!bulk) {
          await addDocuments(client, upserted.rows.filter((r) => r.inserted).length);
          await client.query(COUNT_FACETS_SQL(1), [ids]);
        }
        await applyDeltas(client, deltas);
      });
    },

    async remove(ids) {
      const unique = [...new Set(ids)];
      if (!unique.length) return;
      await write(async (client) => {
        const deltas = new Map<string, TermDelta>();
        await uncountExisting(client, unique, deltas);
        if (!bulk) await client.query(COUNT_FACETS_SQL(-1), [unique]);
        const deleted = await client.query('delete from job_search where id = any($1::uuid[])', [unique]);
        if (!bulk) await addDocuments(client, -(deleted.rowCount ?? 0));
        await applyDeltas(client, deltas);
      });
    },

    async rebuildWrite({ replaced, docs, suggestions }) {
      // The rows made a slice at a time, letting the event loop run between (see upsert).
      const rows: unknown[][] = [];
      for (let i = 0; i < docs.length; i += ROW_SLICE) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        for (const doc of docs.slice(i, i + ROW_SLICE)) rows.push(stagingRowOf(doc));
      }
      const markPending = !suggestions && !suggestionsPending;
      await write(async (client) => {
        if (replaced.length)
          await client.query('delete from job_search where id = any($1::uuid[])', [replaced]);
        if (rows.length) {
          await client.query(STAGING_SQL);
          await copyRows(client, 'job_search_staging', STAGING_COLUMNS, rows);
          await client.query(INSERT_STAGED_SQL);
        }
        if (suggestions) {
          await client.query('truncate job_suggestions');
          await copyRows(
            client,
            'job_suggestions',
            SUGGESTION_COLUMNS,
            suggestions.map((t) => [t.key, t.term, t.kind, t.docCount]),
          );
          await client.query('delete from job_search_deferred_indexes where name = $1', [SUGGESTIONS_MARKER]);
        } else if (markPending) {
          // Until the suggestions are written, a restart (or a failed rebuild's end) counts them from the rows.
          await client.query(
            `insert into job_search_deferred_indexes (name, definition) values ($1, '') on conflict (name) do nothing`,
            [SUGGESTIONS_MARKER],
          );
        }
      });
      if (suggestions) suggestionsPending = false;
      else if (markPending) suggestionsPending = true;
    },

    async search(q, hints) {
      const words = q.text ? searchWords(q.text) : [];
      if (!words.length) {
        const c = new Conditions();
        addFilters(c, q);
        return pageAndCount(c, orderBy(q, null), q, false, hints?.knownTotal, facetTotalQuery(q));
      }
      // With text, the known total may belong to the typo-corrected words: counted again (see below).

      const found = await textSearch(words, q);
      if (found.total > 0) return found;

      // Typo tolerance: nothing matched, so replace each word by the closest word of a title, company or skill
      // (trigram similarity on job_suggestions, a few thousand rows) and search once more with the corrected words.
      const corrected = await correctWords(words);
      if (corrected.join(' ') === words.join(' ')) return found;
      return textSearch(corrected, q);
    },

    async suggest(prefix, limit = DEFAULT_SUGGESTION_LIMIT) {
      const p = normalizeKey(prefix);
      if (!p || limit <= 0) return [];
      const like = escapeLike(p);
      const { rows } = await pool.query<{ term: string; key: string }>(
        `(select term, key from job_suggestions where key like $1 escape '\\' order by doc_count desc, key limit $3)
         union all
         (select term, key from job_suggestions where key like $2 escape '\\' and key not like $1 escape '\\'
          order by doc_count desc, key limit $3)`,
        [`${like}%`, `% ${like}%`, limit],
      );
      const out = new Map<string, string>();
      for (const r of rows) if (out.size < limit && !out.has(r.key)) out.set(r.key, r.term);
      if (out.size < limit) {
        const fuzzy = await pool.query<{ term: string; key: string }>(
          `select term, key from job_suggestions where $1 <% key
           order by word_similarity($1, key) desc, doc_count desc, key limit $2`,
          [p, limit],
        );
        for (const r of fuzzy.rows) if (out.size < limit && !out.has(r.key)) out.set(r.key, r.term);
      }
      return [...out.values()];
    },

    async clear() {
      await write(async (client) => {
        await client.query('truncate job_search, job_suggestions, job_search_facets');
        await client.query('update job_search_stats set documents = 0');
      });
    },

    async bulkLoad(phase) {
      if (phase === 'end') {
        bulk = false;
        suggestionsPending = false;
        return restoreDeferredIndexes(pool);
      }
      await write(deferIndexes);
      bulk = true;
    },

    async ping() {
      await pool.query('select 1');
    },
  };
}
