/**
 * Streamed exports (jobs, companies, alert subscriptions, users) as CSV or JSON. Rows are read in
 * keyset-paginated batches and written through a Readable that honours back-pressure, so 100,000
 * rows go out in constant memory. Users carry no password material; alerts carry their opt-in state
 * and no tokens (the read model holds none).
 */
import { Readable } from 'node:stream';
import type pg from 'pg';
import { jobsWhere } from './jobs-queries';
import { Where } from './rest';
import { tableExists, usersWhere } from './users-queries';

export const DATASETS = ['jobs', 'companies', 'alerts', 'users'] as const;
export type DatasetName = (typeof DATASETS)[number];
export const FORMATS = ['csv', 'json'] as const;
export type Format = (typeof FORMATS)[number];

interface Dataset {
  table: string;
  /** A unique column, the keyset cursor. */
  key: string;
  /** Output field name → SQL expression. */
  columns: Record<string, string>;
  where(filter: Record<string, unknown>): Where;
}

const noFilter = () => new Where();

const DATASET: Record<DatasetName, Dataset> = {
  jobs: {
    table: 'jobs',
    key: 'job_id',
    where: (filter) => jobsWhere(filter),
    columns: {
      id: 'job_id',
      publicId: 'public_id',
      slug: 'slug',
      source: 'source',
      externalId: 'external_id',
      title: 'title',
      company: 'company',
      location: 'location',
      workplace: 'workplace',
      isRemote: 'is_remote',
      isHybrid: 'is_hybrid',
      country: 'country',
      continent: 'continent',
      type: 'type',
      experienceLevel: 'experience_level',
      industry: 'industry',
      salary: 'salary',
      salaryMinUsd: 'salary_min_usd',
      salaryMaxUsd: 'salary_max_usd',
      skills: 'skills',
      datePosted: 'date_posted',
      applicationUrl: 'application_url',
      status: 'status',
      removalReason: 'removal_reason',
      removedAt: 'removed_at',
      postedAt: 'posted_at',
      updatedAt: 'updated_at',
    },
  },
  companies: {
    table: 'companies',
    key: 'slug',
    where: noFilter,
    columns: {
      slug: 'slug',
      name: 'name',
      industry: 'industry',
      size: 'size',
      founded: 'founded',
      website: 'website',
      hasProfile: 'has_profile',
      liveJobCount: 'live_job_count',
      totalJobCount: 'total_job_count',
      updatedAt: 'updated_at',
    },
  },
  alerts: {
    table: 'job_alerts',
    key: 'alert_id',
    where: noFilter,
    columns: {
      id: 'alert_id',
      email: 'email',
      userId: 'user_id',
      title: 'title',
      location: 'location',
      experienceLevel: 'experience_level',
      type: 'type',
      salary: 'salary',
      isRemote: 'is_remote',
      frequency: 'frequency',
      status: 'status',
      optedIn: "(status = 'confirmed')",
      subscribedAt: 'subscribed_at',
      confirmedAt: 'confirmed_at',
      expiresAt: 'expires_at',
      lastDigestAt: 'last_digest_at',
    },
  },
  users: {
    table: 'users',
    key: 'id',
    where: (filter) => usersWhere(filter),
    columns: {
      id: 'id',
      username: 'username',
      email: 'email',
      firstName: 'first_name',
      lastName: 'last_name',
      role: 'role',
      isVerified: 'is_verified',
      registeredAt: 'registered_at',
      verifiedAt: 'verified_at',
    },
  },
};

export const BATCH_SIZE = 1000;

/** Batches of rows in key order; nothing when the table does not exist (a feature not deployed). */
async function* batches(pool: pg.Pool, name: DatasetName, filter: Record<string, unknown>) {
  const dataset = DATASET[name];
  if (!(await tableExists(pool, dataset.table))) return;
  const select = Object.entries(dataset.columns)
    .map(([field, sql]) => `${sql} as "${field}"`)
    .join(', ');
  let after: unknown = null;
  for (;;) {
    const where = dataset.where(filter);
    if (after !== null) where.add(`${dataset.key} > ?`, after);
    const limit = where.param(BATCH_SIZE);
    const { rows } = await pool.query<Record<string, unknown>>(
      `select ${select}, ${dataset.key} as "__key" from ${dataset.table} ${where.toSql()}
       order by ${dataset.key} limit ${limit}`,
      where.params,
    );
    if (rows.length) yield rows;
    if (rows.length < BATCH_SIZE) return;
    after = rows.at(-1)!.__key;
  }
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Spreadsheets run cells starting with these as formulas; a leading quote keeps them text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  const v = plain(value);
  if (v === null || v === undefined) return '';
  let s = Array.isArray(v) ? v.join('; ') : String(v);
  if (typeof v === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function record(row: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, plain(row[f])]));
}

async function* serialise(pool: pg.Pool, name: DatasetName, format: Format, filter: Record<string, unknown>) {
  const fields = Object.keys(DATASET[name].columns);
  if (format === 'csv') yield `${fields.join(',')}\r\n`;
  else yield '[';
  let first = true;
  for await (const rows of batches(pool, name, filter)) {
    if (format === 'csv') {
      yield rows.map((row) => fields.map((f) => csvCell(row[f])).join(',')).join('\r\n') + '\r\n';
    } else {
      yield (first ? '\n' : ',\n') + rows.map((row) => JSON.stringify(record(row, fields))).join(',\n');
      first = false;
    }
  }
  if (format === 'json') yield '\n]\n';
}

/** The export as a stream of text; filters (jobs and users) are the list's. */
export function exportStream(
  pool: pg.Pool,
  name: DatasetName,
  format: Format,
  filter: Record<string, unknown> = {},
): Readable {
  // Validate the filter before the first byte goes out, so a bad one is a 400, not a cut stream.
  DATASET[name].where(filter);
  return Readable.from(serialise(pool, name, format, filter), { objectMode: false });
}

/** `jobs-2026-11-22.csv`: the dataset and the UTC date. */
export function exportFileName(name: DatasetName, format: Format, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.${format}`;
}
