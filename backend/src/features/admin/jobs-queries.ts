/**
 * Reads of the jobs read model for the back office: the list with every filter, one job with every
 * field, and the filter shared with the export.
 */
import type pg from 'pg';
import { bool, camel, ids, invalidFilter, likePattern, text, Where, type ListParams } from './rest';

/** The job's ingestion source's name, as the dashboard shows it ('source' stays its id, for filters and links). */
const SOURCE_NAME_OF_JOB = '(select s.name from ingestion_sources s where s.id = jobs.source)';

/**
 * Sortable fields: react-admin's default `id` and every column the list shows. Text sorts as people read it:
 * 'iOS Engineer' between 'Go' and 'Java', not before 'A' (C collation sorts upper case first).
 */
export const JOB_SORTS = {
  id: 'job_id',
  datePosted: 'date_posted',
  postedAt: 'posted_at',
  updatedAt: 'updated_at',
  removedAt: 'removed_at',
  title: 'lower(title)',
  company: 'lower(company)',
  // By the name the admin reads (the dashboard's), not the source's id.
  source: `lower(coalesce(${SOURCE_NAME_OF_JOB}, source))`,
  status: 'status',
  publicId: 'public_id',
  experienceLevel: 'lower(experience_level)',
  removalReason: 'lower(removal_reason)',
} as const;
export type JobSort = keyof typeof JOB_SORTS;

const SOURCE_NAME = `${SOURCE_NAME_OF_JOB} as source_name`;

/** Columns of the list (no description: it is the heavy one). `id` is the job id (the stream's). */
const LIST_COLUMNS = `job_id as id, public_id, slug, source, ${SOURCE_NAME}, external_id, title, company, company_slug,
  location, is_remote, is_hybrid, workplace, country, country_name, continent, type, experience_level, industry,
  salary, date_posted, status, removal_reason, removed_at, revision, posted_at, updated_at`;

function date(filter: Record<string, unknown>, key: string): string | undefined {
  const v = text(filter, key);
  if (v !== undefined && Number.isNaN(Date.parse(v))) throw invalidFilter(key, 'a date');
  return v;
}

/**
 * The admin's job filters: q (title, company, public id or slug), source, company (slug or name part),
 * isRemote, experienceLevel, type, status ('live' or 'removed'), postedAfter and postedBefore
 * (dates, on date_posted; postedBefore's day is included), id (a list).
 */
export function jobsWhere(filter: Record<string, unknown>, where = new Where()): Where {
  const q = text(filter, 'q');
  if (q) {
    if (/^\d{1,16}$/.test(q))
      where.add(
        '(public_id = ? or title ilike ? or company ilike ?)',
        Number(q),
        likePattern(q),
        likePattern(q),
      );
    else where.add('(title ilike ? or company ilike ? or slug = ?)', likePattern(q), likePattern(q), q);
  }
  const source = text(filter, 'source');
  if (source) where.add('source = ?', source);
  const company = text(filter, 'company');
  if (company) where.add('(company_slug = ? or company ilike ?)', company, likePattern(company));
  const remote = bool(filter, 'isRemote');
  if (remote !== undefined) where.add('is_remote = ?', remote);
  const experience = text(filter, 'experienceLevel');
  if (experience) where.add('experience_level = ?', experience);
  const type = text(filter, 'type');
  if (type) where.add('type = ?', type);
  const status = text(filter, 'status');
  if (status) {
    if (status !== 'live' && status !== 'removed') throw invalidFilter('status', 'live or removed');
    where.add('status = ?', status);
  }
  const after = date(filter, 'postedAfter');
  if (after) where.add('date_posted >= ?::timestamptz', after);
  const before = date(filter, 'postedBefore');
  if (before) {
    // A bare date means the whole day.
    if (/^\d{4}-\d{2}-\d{2}$/.test(before)) where.add("date_posted < ?::date + interval '1 day'", before);
    else where.add('date_posted <= ?::timestamptz', before);
  }
  const idList = ids(filter);
  if (idList) where.add('job_id::text = any(?)', idList);
  return where;
}

export async function listJobs(
  pool: pg.Pool,
  params: ListParams<JobSort>,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const where = jobsWhere(params.filter);
  const order = `${JOB_SORTS[params.sort.field]} ${params.sort.order} nulls last, job_id`;
  const whereSql = where.toSql();
  const countParams = [...where.params];
  const limit = where.param(params.limit);
  const offset = where.param(params.offset);
  const [page, count] = await Promise.all([
    pool.query(
      `select ${LIST_COLUMNS} from jobs ${whereSql} order by ${order} limit ${limit} offset ${offset}`,
      where.params,
    ),
    pool.query<{ total: number }>(`select count(*)::int as total from jobs ${whereSql}`, countParams),
  ]);
  return { rows: page.rows.map((r) => camel(r)), total: count.rows[0]?.total ?? 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isJobId = (id: string): boolean => UUID.test(id);

/** One job with every column, or null. */
export async function getJob(pool: pg.Pool, jobId: string): Promise<Record<string, unknown> | null> {
  if (!isJobId(jobId)) return null;
  const { rows } = await pool.query(`select job_id as id, *, ${SOURCE_NAME} from jobs where job_id = $1`, [
    jobId,
  ]);
  if (!rows[0]) return null;
  const { job_id: _jobId, ...rest } = rows[0] as Record<string, unknown>;
  return camel(rest);
}
