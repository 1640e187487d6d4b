import type pg from 'pg';
import { FILL_FACETS_SQL } from './facets';
import { inTransaction } from './transaction';

/**
 * The PostgreSQL search index's own tables in the read-model database. Text search uses the 'simple'
 * configuration: job titles, company names and skills ("Go", "IT Support", "R", "Node.js") must neither be stemmed
 * nor dropped as English stop words, and prefix matching of the last word (`:*`) already covers the plural and
 * "-ing" forms people type. Lower-cased copies of the filter and sort fields are generated columns, so every filter
 * is a plain equality on an indexed column. The description itself is not stored (the API loads rows from the
 * read model), only its words in the tsvector: a narrow heap keeps counts over large result sets fast.
 */
const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      create extension if not exists pg_trgm;

      create table if not exists job_search (
        id uuid primary key,
        public_id bigint not null,
        slug text not null,
        title text not null,
        company text not null,
        company_logo text,
        location text not null,
        country text,
        continent text,
        is_remote boolean not null,
        is_hybrid boolean not null,
        type text not null,
        experience_level text not null,
        industry text not null,
        salary text,
        salary_min_usd double precision,
        salary_max_usd double precision,
        skills text[] not null,
        date_posted timestamptz not null,
        source text not null,
        -- what a text query must match: A title, B company and skills, C location, D description (see postgres.ts)
        tsv tsvector not null,
        -- the same without the description: small enough to stay inline, so ranking many matches stays cheap
        head_tsv tsvector not null,
        title_key text generated always as (lower(title)) stored,
        company_key text generated always as (lower(company)) stored,
        location_key text generated always as (lower(location)) stored,
        country_key text generated always as (lower(country)) stored,
        continent_key text generated always as (lower(continent)) stored,
        type_key text generated always as (lower(type)) stored,
        experience_key text generated always as (lower(experience_level)) stored,
        industry_key text generated always as (lower(industry)) stored,
        is_worldwide boolean generated always as (continent is null or location ~* '(worldwide|anywhere)') stored,
        salary_lo double precision generated always as (coalesce(salary_min_usd, salary_max_usd)) stored,
        salary_hi double precision generated always as (coalesce(salary_max_usd, salary_min_usd)) stored
      ) with (toast_tuple_target = 512);
      -- The full tsvector (about 1.3 kB with a description) goes out of line, the rest stays inline: a narrow heap
      -- makes counts and sorts over tens of thousands of matches read a few MB instead of 170 MB.
      alter table job_search alter column tsv set storage external;
      alter table job_search alter column head_tsv set storage main;

      create index if not exists job_search_tsv on job_search using gin (tsv);
      create index if not exists job_search_date on job_search (date_posted desc, id);
      create index if not exists job_search_title_sort on job_search (title_key, date_posted desc, id);
      create index if not exists job_search_company_sort on job_search (company_key, date_posted desc, id);
      create index if not exists job_search_location_trgm on job_search using gin (location_key gin_trgm_ops);
      create index if not exists job_search_country on job_search (country_key);
      create index if not exists job_search_continent on job_search (continent_key, is_remote);
      create index if not exists job_search_type on job_search (type_key);
      create index if not exists job_search_experience on job_search (experience_key);
      create index if not exists job_search_industry on job_search (industry_key);
      create index if not exists job_search_remote on job_search (is_remote, is_hybrid);
      create index if not exists job_search_salary on job_search (salary_hi, salary_lo);
      create index if not exists job_search_worldwide on job_search (date_posted desc, id) where is_remote and is_worldwide;

      -- titles, companies and skills of live documents; doc_count = how many documents carry the term
      create table if not exists job_suggestions (
        key text primary key,
        term text not null,
        kind text not null,
        doc_count integer not null
      );
      create index if not exists job_suggestions_prefix on job_suggestions (key text_pattern_ops);
      create index if not exists job_suggestions_trgm on job_suggestions using gin (key gin_trgm_ops);
    `,
  },
  {
    // job_search first carried each row's suggestion keys; they are derived from title, company and skills instead,
    // which keeps the heap (and so every count) about a fifth smaller.
    version: 2,
    sql: 'alter table job_search drop column if exists suggest_keys',
  },
  {
    // No query reads titles or companies by trigram (typo tolerance and suggestions use job_suggestions; the
    // place filter uses location_key's): the two indexes only cost every upsert.
    version: 3,
    sql: 'drop index if exists job_search_title_trgm; drop index if exists job_search_company_trgm',
  },
  {
    // How many documents the index holds, kept by the writers (which the write lock serialises): the unfiltered
    // feed's total without counting a million rows on every cache miss.
    version: 4,
    sql: `
      create table if not exists job_search_stats (
        id integer primary key check (id = 1),
        documents bigint not null
      );
      insert into job_search_stats (id, documents) select 1, count(*) from job_search on conflict (id) do nothing;
    `,
  },
  {
    // Document counts per combination of the equality filters (see FACET_KEY_SQL in postgres.ts), kept by the
    // writers: a filtered feed's total is a sum over a few hundred rows instead of a count over a million.
    version: 5,
    sql: `
      create table if not exists job_search_facets (
        continent_key text not null,
        experience_key text not null,
        type_key text not null,
        industry_key text not null,
        is_remote boolean not null,
        is_hybrid boolean not null,
        is_worldwide boolean not null,
        salary_mask integer not null,
        documents integer not null,
        primary key (continent_key, experience_key, type_key, industry_key, is_remote, is_hybrid, is_worldwide,
          salary_mask)
      );
      ${FILL_FACETS_SQL};
    `,
  },
  {
    // Where a job may be done from (the workFrom and timezone filters). Documents indexed before stay unknown
    // (no country, no offsets) until a rebuild reindexes them.
    version: 6,
    sql: `
      alter table job_search
        add column if not exists work_from_worldwide boolean not null default false,
        add column if not exists work_from_countries text[] not null default '{}',
        add column if not exists utc_min double precision,
        add column if not exists utc_max double precision;
      create index if not exists job_search_work_from on job_search using gin (work_from_countries);
    `,
  },
];

/** Any constant shared by every process migrating this database: serialises concurrent ensureReady calls. */
const MIGRATION_LOCK = 7_424_001;

export async function migrateSearchSchema(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, 'begin', async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'create table if not exists search_migrations (version integer primary key, applied_at timestamptz not null default now())',
    );
    const { rows } = await client.query<{ version: number }>('select version from search_migrations');
    const applied = new Set(rows.map((r) => r.version));
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('insert into search_migrations (version) values ($1)', [migration.version]);
    }
  });
}
