/**
 * The board's MCP server (issue 25): tools and resources over the same reads as the public API. One McpServer
 * per HTTP request (stateless Streamable HTTP, routes.ts); `ctx` is that request's, for the client's address.
 * The search tool runs the feed's own query code (FeedParams → toSearchQuery → the search index → the live rows),
 * so it answers the same jobs in the same order as GET /api/jobs.
 */
import crypto from 'node:crypto';
import type Koa from 'koa';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  ALERT_FREQUENCIES,
  CONTINENTS,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  INDUSTRIES,
  PublicSalaryRange,
  SALARY_RANGES,
  type SearchIndex,
} from '@jobs/contracts';
import { timezoneLabel, workFromLabel } from '@jobs/contracts/where-label';
import type { AppDeps } from '../../http/app';
import { HttpError } from '../../http/errors';
import type { Logger } from '../../logger';
import { DURATIONS, FeedParams, SORT_BY, toSearchQuery } from '../jobs/feed-params';
import {
  companyJobs,
  findCompany,
  findJob,
  loadLiveJobs,
  searchCompanies,
  similarJobs,
  type ApiJob,
} from '../jobs/queries';
import { canonicalOf } from '../jobs/dedupe/routes';
import { splitDescription } from '../jobs/structured';
import { MIN_SALARY_SAMPLE, SalaryQuery, salaryFigures } from '../jobs/salaries';
import { subscribeToAlert } from '../alerts/routes';
import { companySlug } from '../jobs/company';
import { htmlToMarkdown, htmlToPlainText } from './markdown';

export const MCP_SERVER_NAME = 'remote-jobs-board';
export const MCP_SERVER_VERSION = '1.0.0';
export const MAX_LIMIT = 50;
export const DEFAULT_LIMIT = 20;

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

// ----------------------------------------------------------------------------- shapes

const CompactJob = z.object({
  id: z.number().describe('The job id: pass it to get_job or get_similar_jobs.'),
  slug: z.string(),
  url: z.string().describe('The job page on the board (absolute).'),
  title: z.string(),
  company: z.string(),
  companySlug: z.string().describe('Pass it to get_company.'),
  location: z.string().describe("The posting's location text."),
  workplace: z.enum(['remote', 'hybrid', 'on-site']),
  whereApplicantsMayWork: z
    .string()
    .nullable()
    .describe("For remote jobs: 'Remote · Worldwide', 'Remote · US only', 'Remote · EMEA · UTC−3 to UTC+3'."),
  salary: z
    .string()
    .nullable()
    .describe('The salary as the posting states it, currency included; null if none.'),
  salaryUsdPerYear: z
    .object({ min: z.number().nullable(), max: z.number().nullable() })
    .nullable()
    .describe('The salary in US dollars per year (approximate rates); null when unknown.'),
  type: z.string(),
  experienceLevel: z.string(),
  industry: z.string(),
  datePosted: z.string().describe('ISO 8601.'),
  lastVerified: z
    .string()
    .nullable()
    .describe('ISO 8601: when the source (an ATS sync or the employer) last confirmed the job is open.'),
});
type CompactJob = z.infer<typeof CompactJob>;

const SearchOutput = z.object({
  jobs: z.array(CompactJob),
  totalJobs: z.number().describe('Live jobs matching the search, across all pages.'),
  returned: z.number(),
  hasMore: z
    .boolean()
    .describe('True when more jobs match than returned so far: pass nextCursor for the next page.'),
  nextCursor: z.string().nullable(),
  searchUrl: z.string().describe('The same search on the board (absolute).'),
});

const Eligibility = z.object({
  worldwide: z.boolean(),
  countries: z.array(z.string()).describe('ISO 3166 alpha-2 codes.'),
  regions: z.array(z.string()),
  timeZones: z.string().nullable().describe("The working hours' time zones, e.g. 'UTC−3 to UTC+3'."),
});

const JobOutput = z.object({
  status: z.enum(['live', 'removed']),
  removal: z
    .object({ reason: z.string().nullable(), removedAt: z.string().nullable() })
    .nullable()
    .describe('Why and when (ISO 8601) a removed job was taken down; null for a live job.'),
  mergedFrom: z
    .string()
    .nullable()
    .describe(
      'When the identifier asked for was a duplicate posting: that identifier (this job is the one kept).',
    ),
  id: z.number(),
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  company: z.string(),
  companySlug: z.string(),
  companyUrl: z.string(),
  companyWebsite: z.string().nullable(),
  location: z.string(),
  workplace: z.enum(['remote', 'hybrid', 'on-site']),
  whereApplicantsMayWork: z.string().nullable(),
  eligibility: Eligibility.nullable(),
  type: z.string(),
  experienceLevel: z.string(),
  industry: z.string(),
  skills: z.array(z.string()),
  salary: z.string().nullable(),
  salaryRange: PublicSalaryRange.nullable(),
  description: z.string().describe('The full description, as Markdown or plain text (never HTML).'),
  responsibilities: z.array(z.string()),
  requirements: z.array(z.string()),
  benefits: z.array(z.string()),
  applyUrl: z.string().nullable().describe('Where to apply; null for a removed job.'),
  datePosted: z.string(),
  lastVerified: z.string().nullable(),
  validThrough: z.string().nullable(),
});

const SimilarOutput = z.object({
  job: z.object({ id: z.number(), title: z.string() }),
  jobs: z.array(CompactJob),
});

const CompanySummary = z.object({
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  industry: z.string().nullable(),
  size: z.string().nullable(),
  website: z.string().nullable(),
  openJobs: z.number(),
});

const CompaniesOutput = z.object({
  companies: z.array(CompanySummary),
  total: z.number(),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

const CompanyOutput = CompanySummary.extend({
  description: z.string().nullable().describe('Plain text.'),
  founded: z.number().nullable(),
  jobs: z.array(CompactJob).describe('Its live jobs, newest first (at most `jobsLimit`).'),
});

const SalaryOutput = z.object({
  title: z.string(),
  experienceLevel: z.string().nullable(),
  country: z.string().nullable(),
  n: z.number(),
  p25: z.number().nullable(),
  median: z.number().nullable(),
  p75: z.number().nullable(),
  unit: z.literal('USD per year'),
  currencies: z.array(z.object({ currency: z.string(), listings: z.number() })),
  enoughData: z.boolean(),
  message: z.string(),
});

const AlertOutput = z.object({
  id: z.string(),
  status: z.enum(['pending', 'confirmed']),
  message: z.string(),
});

// ----------------------------------------------------------------------------- inputs

const oneOf = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z
    .enum(values, { error: `Must be one of: ${values.join(', ')}` })
    .describe(`${what} One of: ${values.join(', ')}.`);

const FILTERS = {
  query: z
    .string()
    .max(200)
    .optional()
    .describe("Words to search for in the title, company, skills and description ('rust backend')."),
  experienceLevel: oneOf(EXPERIENCE_LEVELS, 'Experience level.').optional(),
  type: oneOf(EMPLOYMENT_TYPES, 'Employment type.').optional(),
  industry: oneOf(INDUSTRIES, 'Industry.').optional(),
  salary: oneOf(
    SALARY_RANGES,
    'Salary range in US dollars per year (jobs whose range overlaps it).',
  ).optional(),
  location: z
    .string()
    .max(200)
    .optional()
    .describe(
      "Where the job is: a country or city ('Germany', 'Berlin'), 'Remote (Worldwide)', 'All Europe' (a continent) or 'Remote in Europe' (remote jobs of a continent).",
    ),
  continent: oneOf(
    CONTINENTS,
    "Shorthand for location 'All {continent}'; not together with location.",
  ).optional(),
  remoteOrHybrid: z
    .boolean()
    .optional()
    .describe('true: remote or hybrid jobs only; false: on-site jobs only; omit for both.'),
  workFrom: z
    .string()
    .max(100)
    .optional()
    .describe(
      "'I can work from' this country (a name such as 'Germany' or 'UK', or an ISO code such as 'DE'): jobs open to applicants there, worldwide ones included.",
    ),
  timeZone: z
    .string()
    .max(20)
    .optional()
    .describe("My time zone as a UTC offset ('UTC+2', 'GMT-3', '+5:30'): jobs whose working hours reach it."),
  timeZoneHours: z
    .number()
    .int()
    .min(0, 'Must be a whole number of hours from 0 to 12')
    .max(12, 'Must be a whole number of hours from 0 to 12')
    .optional()
    .describe(
      'How many hours my working day may shift from timeZone, each way (0 to 12, default 0). Needs timeZone.',
    ),
  postedWithin: oneOf(
    Object.keys(DURATIONS) as [keyof typeof DURATIONS],
    'Only jobs posted this recently.',
  ).optional(),
};

const SEARCH_INPUT = {
  ...FILTERS,
  sortBy: oneOf(SORT_BY, "Order (default datePosted; 'relevance' needs query).").optional(),
  sortOrder: oneOf(['desc', 'asc'], 'Default desc.').optional(),
  limit: z
    .number()
    .int()
    .min(1, `Must be a whole number from 1 to ${MAX_LIMIT}`)
    .max(MAX_LIMIT, `Must be a whole number from 1 to ${MAX_LIMIT}`)
    .optional()
    .describe(
      `Jobs per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}). With a cursor, the first page's size is kept.`,
    ),
  cursor: z.string().max(600).optional().describe('nextCursor of the previous page, with the same filters.'),
};
type SearchInput = { [K in keyof typeof SEARCH_INPUT]?: z.output<(typeof SEARCH_INPUT)[K]> };

/** The tool's field names for the feed's parameters, so an error names what the model sent. */
const FIELD_OF_PARAM: Record<string, string> = {
  title: 'query',
  isRemote: 'remoteOrHybrid',
  tz: 'timeZone',
  tzHours: 'timeZoneHours',
  duration: 'postedWithin',
};

/** The GET /api/jobs query string of the tool's filters (also the board's own search URL). */
export function feedQueryOf(input: SearchInput): Record<string, string> {
  const q: Record<string, string> = {};
  const set = (key: string, value: string | number | boolean | undefined) => {
    if (value !== undefined && value !== '') q[key] = String(value);
  };
  set('title', input.query?.trim());
  set('location', input.location?.trim() || (input.continent ? `All ${input.continent}` : undefined));
  set('experienceLevel', input.experienceLevel);
  set('type', input.type);
  set('salary', input.salary);
  set('industry', input.industry);
  set('isRemote', input.remoteOrHybrid);
  set('workFrom', input.workFrom?.trim());
  set('tz', input.timeZone?.trim());
  set('tzHours', input.timeZoneHours);
  set('duration', input.postedWithin);
  set('sortBy', input.sortBy);
  set('sortOrder', input.sortOrder);
  return q;
}

// ----------------------------------------------------------------------------- errors

/** A tool failure the model can act on: `isError` with a message naming the field. */
class ToolInputError extends Error {}

function fieldError(field: string, message: string): ToolInputError {
  return new ToolInputError(`${field}: ${message}`);
}

// ----------------------------------------------------------------------------- cursor

interface Cursor {
  v: 1;
  /** Offset of the next page (a multiple of n). */
  o: number;
  /** Page size. */
  n: number;
  /** The first page's time (ms): postedWithin counts back from it on every page. */
  a: number;
  /** Fingerprint of the filters. */
  f: string;
  /** The last job of the previous page (public id): a page that still holds it skips what was already shown. */
  l: number | null;
}

function fingerprint(kind: string, query: Record<string, string>): string {
  const sorted = Object.keys(query)
    .sort()
    .map((k) => [k, query[k]]);
  return crypto
    .createHash('sha256')
    .update(`${kind}\n${JSON.stringify(sorted)}`)
    .digest('base64url')
    .slice(0, 12);
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string, expected: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw fieldError(
      'cursor',
      'Not a cursor this server gave: pass nextCursor unchanged, or omit it for the first page.',
    );
  }
  const c = parsed as Partial<Cursor> | null;
  if (
    !c ||
    c.v !== 1 ||
    !Number.isInteger(c.o) ||
    !Number.isInteger(c.n) ||
    !Number.isFinite(c.a) ||
    typeof c.f !== 'string' ||
    c.n! < 1 ||
    c.n! > MAX_LIMIT ||
    c.o! < 0 ||
    c.o! % c.n! !== 0 ||
    c.o! > 100_000
  )
    throw fieldError(
      'cursor',
      'Not a cursor this server gave: pass nextCursor unchanged, or omit it for the first page.',
    );
  if (c.f !== expected)
    throw fieldError(
      'cursor',
      'This cursor belongs to a search with other filters: repeat the same filters, or omit the cursor.',
    );
  return c as Cursor;
}

// ----------------------------------------------------------------------------- rows

function workplaceOf(job: Pick<ApiJob, 'isRemote' | 'isHybrid'>): 'remote' | 'hybrid' | 'on-site' {
  return job.isHybrid ? 'hybrid' : job.isRemote ? 'remote' : 'on-site';
}

export interface Links {
  publicUrl: string;
}

const jobUrl = (l: Links, slug: string) => `${l.publicUrl}/jobs/${encodeURIComponent(slug)}`;
const companyUrl = (l: Links, slug: string) => `${l.publicUrl}/companies/${encodeURIComponent(slug)}`;

export function compactJob(l: Links, job: ApiJob): CompactJob {
  const range = job.salaryRange ?? null;
  return {
    id: job.id,
    slug: job.slug,
    url: jobUrl(l, job.slug),
    title: job.title,
    company: job.company,
    companySlug: companySlug(job.company),
    location: job.location,
    workplace: workplaceOf(job),
    whereApplicantsMayWork: workFromLabel(job),
    salary: job.salary,
    salaryUsdPerYear:
      range && (range.usdPerYearMin !== null || range.usdPerYearMax !== null)
        ? { min: range.usdPerYearMin, max: range.usdPerYearMax }
        : null,
    type: job.type,
    experienceLevel: job.experienceLevel,
    industry: job.industry,
    datePosted: job.datePosted,
    lastVerified: job.lastConfirmedAt ?? null,
  };
}

function result<T extends Record<string, unknown>>(structured: T): CallToolResult {
  return { structuredContent: structured, content: [{ type: 'text', text: JSON.stringify(structured) }] };
}

// ----------------------------------------------------------------------------- the server

export interface McpContext {
  deps: AppDeps;
  ctx: Koa.Context;
  now: () => Date;
}

function searchOf(deps: AppDeps): SearchIndex {
  if (!deps.search) throw new HttpError('SERVICE_UNAVAILABLE', 'Search is not available');
  return deps.search;
}

/** Runs a tool: input mistakes and 4xx answers become `isError` results; anything else is logged, not leaked. */
async function guarded(
  log: Logger,
  tool: string,
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ToolInputError)
      return { isError: true, content: [{ type: 'text', text: err.message }] };
    if (err instanceof HttpError && err.status < 500) {
      const details = (err.options.details as { path: string; message: string }[] | undefined) ?? [];
      const text = details.length ? details.map((d) => `${d.path}: ${d.message}`).join('; ') : err.message;
      return { isError: true, content: [{ type: 'text', text }] };
    }
    log.error({ err, tool }, 'mcp tool failed');
    return {
      isError: true,
      content: [
        {
          type: 'text',
          text: 'The board could not answer this time (an internal error). Try again shortly.',
        },
      ],
    };
  }
}

/** The jobs of one search page, as GET /api/jobs would answer them. */
export async function searchJobs(m: McpContext, input: SearchInput): Promise<z.infer<typeof SearchOutput>> {
  const { deps } = m;
  if (input.location?.trim() && input.continent)
    throw fieldError('continent', 'Give either location or continent, not both.');
  const raw = feedQueryOf(input);
  const parsed = FeedParams.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = String(issue.path[0] ?? 'query');
    throw fieldError(FIELD_OF_PARAM[param] ?? param, issue.message);
  }
  const f = fingerprint('jobs', raw);
  const cursor = input.cursor ? decodeCursor(input.cursor, f) : null;
  const pageSize = cursor?.n ?? input.limit ?? DEFAULT_LIMIT;
  const offset = cursor?.o ?? 0;
  const anchor = cursor ? new Date(cursor.a) : m.now();
  const found = await searchOf(deps).search({
    ...toSearchQuery(parsed.data, anchor),
    page: offset / pageSize + 1,
    pageSize,
  });
  let jobs = await loadLiveJobs(deps.pool, found.ids);
  // Jobs posted since the previous page push it down: what it showed comes again first; leave it out.
  if (cursor?.l != null) {
    const seen = jobs.findIndex((j) => j.id === cursor.l);
    if (seen >= 0) jobs = jobs.slice(seen + 1);
  }
  const hasMore = offset + pageSize < found.total;
  const links = { publicUrl: publicUrlOf(deps) };
  const last = jobs[jobs.length - 1]?.id ?? cursor?.l ?? null;
  return {
    jobs: jobs.map((j) => compactJob(links, j)),
    totalJobs: found.total,
    returned: jobs.length,
    hasMore,
    nextCursor: hasMore
      ? encodeCursor({ v: 1, o: offset + pageSize, n: pageSize, a: anchor.getTime(), f, l: last })
      : null,
    searchUrl: `${links.publicUrl}/${Object.keys(raw).length ? `?${new URLSearchParams(raw).toString()}` : ''}`,
  };
}

function publicUrlOf(deps: AppDeps): string {
  return deps.config.publicUrl.replace(/\/+$/, '');
}

/** A job by id or slug, a merged duplicate answered by the job kept, a removed one with its reason. */
export async function jobDetails(
  m: McpContext,
  identifier: string,
  format: 'markdown' | 'text',
): Promise<z.infer<typeof JobOutput> | null> {
  const { pool } = m.deps;
  const canonical = await canonicalOf(pool, identifier);
  const found = await findJob(pool, canonical ? canonical.slug : identifier);
  if (!found) return null;
  const job = found.job;
  const links = { publicUrl: publicUrlOf(m.deps) };
  const parts = splitDescription(job.description);
  const live = found.status === 'live';
  const slug = companySlug(job.company);
  const e = job.eligibility;
  const render = format === 'markdown' ? htmlToMarkdown : htmlToPlainText;
  return {
    status: found.status,
    removal: live ? null : { reason: found.removalReason, removedAt: found.removedAt },
    mergedFrom: canonical ? identifier : null,
    id: job.id,
    slug: job.slug,
    url: jobUrl(links, job.slug),
    title: job.title,
    company: job.company,
    companySlug: slug,
    companyUrl: companyUrl(links, slug),
    companyWebsite: job.companyWebsite,
    location: job.location,
    workplace: workplaceOf(job),
    whereApplicantsMayWork: workFromLabel(job),
    eligibility: e
      ? {
          worldwide: e.worldwide,
          countries: e.countries,
          regions: e.regions,
          timeZones: e.timezone ? timezoneLabel(e.timezone) : null,
        }
      : null,
    type: job.type,
    experienceLevel: job.experienceLevel,
    industry: job.industry,
    skills: job.skills,
    salary: job.salary,
    salaryRange: job.salaryRange ?? null,
    description: render(job.description),
    responsibilities: parts.responsibilities,
    requirements: parts.requirements,
    benefits: parts.benefits,
    applyUrl: live ? job.applicationUrl : null,
    datePosted: job.datePosted,
    lastVerified: job.lastConfirmedAt ?? null,
    validThrough: job.validThrough ?? null,
  };
}

function jobMarkdown(d: z.infer<typeof JobOutput>): string {
  const lines = [
    `# ${d.title} at ${d.company}`,
    '',
    d.status === 'removed'
      ? `**This job has been removed** (${d.removal?.reason ?? 'no reason given'}, ${d.removal?.removedAt ?? 'date unknown'}).`
      : `Apply: ${d.applyUrl}`,
    '',
    `- Job page: ${d.url}`,
    `- Company: ${d.company} (${d.companyUrl})`,
    `- Location: ${d.location} (${d.workplace})`,
    ...(d.whereApplicantsMayWork ? [`- Where applicants may work: ${d.whereApplicantsMayWork}`] : []),
    `- Type: ${d.type}`,
    `- Experience: ${d.experienceLevel}`,
    `- Salary: ${d.salary ?? 'not stated'}`,
    `- Posted: ${d.datePosted}`,
    ...(d.lastVerified ? [`- Last verified: ${d.lastVerified}`] : []),
    '',
    d.description,
  ];
  return lines.join('\n');
}

async function companyDetails(m: McpContext, nameOrSlug: string, jobsLimit: number) {
  const company = await findCompany(m.deps.pool, nameOrSlug);
  if (!company) return null;
  const links = { publicUrl: publicUrlOf(m.deps) };
  const page = await companyJobs(m.deps.pool, company, 1);
  return {
    name: company.name,
    slug: company.slug,
    url: companyUrl(links, company.slug),
    industry: company.industry,
    size: company.size,
    website: company.website,
    openJobs: company.openJobs,
    description: company.description ? htmlToPlainText(company.description) : null,
    founded: company.founded,
    jobs: page.data.slice(0, jobsLimit).map((j) => compactJob(links, j)),
  };
}

const NOT_FOUND_JOB = (id: string) =>
  fieldError('job', `No job '${id}' on the board. Use an id or slug from search_jobs.`);

/** The server for one request. */
export function buildMcpServer(m: McpContext): McpServer {
  const { deps } = m;
  const log = (m.ctx.state.log as Logger | undefined) ?? deps.logger;
  const links = { publicUrl: publicUrlOf(deps) };
  const server = new McpServer(
    {
      name: MCP_SERVER_NAME,
      title: 'Remote Jobs Board',
      version: MCP_SERVER_VERSION,
      websiteUrl: links.publicUrl,
    },
    {
      instructions:
        "Remote and hybrid jobs from a public job board. Search with search_jobs (filters are done on the server; follow nextCursor for more), then get_job for the full description and apply link. Quote the job url and the ISO dates as given. Salaries in USD per year are approximate conversions; the posting's own text is in `salary`.",
    },
  );

  server.registerTool(
    'search_jobs',
    {
      title: 'Search jobs',
      description:
        "Search the live remote and hybrid jobs with the filters of the board's feed. Returns compact rows (id, url, title, company, where applicants may work, salary, dates) in the same order as the board, plus totalJobs and nextCursor. Call get_job with a row's id for the full description and apply link.",
      inputSchema: SEARCH_INPUT,
      outputSchema: SearchOutput.shape,
      annotations: { title: 'Search jobs', ...READ_ONLY },
    },
    (input) => guarded(log, 'search_jobs', async () => result(await searchJobs(m, input))),
  );

  server.registerTool(
    'get_job',
    {
      title: 'Get a job',
      description:
        'One job by id or slug: the full description as Markdown (or plain text), responsibilities, requirements and benefits where the posting lists them, the apply link, where applicants may work, time zones, salary, company and dates. A removed job answers status "removed" with its reason and date.',
      inputSchema: {
        job: z.string().min(1).max(300).describe('The job id (a number, as text) or slug from search_jobs.'),
        format: oneOf(['markdown', 'text'], 'How to render the description (default markdown).').optional(),
      },
      outputSchema: JobOutput.shape,
      annotations: { title: 'Get a job', ...READ_ONLY },
    },
    ({ job, format }) =>
      guarded(log, 'get_job', async () => {
        const details = await jobDetails(m, job.trim(), format ?? 'markdown');
        if (!details) throw NOT_FOUND_JOB(job);
        return result(details);
      }),
  );

  server.registerTool(
    'get_similar_jobs',
    {
      title: 'Similar jobs',
      description: 'Up to 6 live jobs like the given one (close titles, shared skills), as compact rows.',
      inputSchema: { job: z.string().min(1).max(300).describe('The job id or slug.') },
      outputSchema: SimilarOutput.shape,
      annotations: { title: 'Similar jobs', ...READ_ONLY },
    },
    ({ job }) =>
      guarded(log, 'get_similar_jobs', async () => {
        const found = await findJob(deps.pool, job.trim());
        if (!found) throw NOT_FOUND_JOB(job);
        const jobs = await similarJobs(deps.pool, {
          jobId: found.jobId,
          title: found.job.title,
          skills: found.job.skills,
        });
        return result({
          job: { id: found.job.id, title: found.job.title },
          jobs: jobs.map((j) => compactJob(links, j)),
        });
      }),
  );

  server.registerTool(
    'search_companies',
    {
      title: 'Search companies',
      description:
        'Companies with live jobs whose name contains the text (all of them without text), most open jobs first.',
      inputSchema: {
        query: z.string().max(100).optional().describe('Part of the company name.'),
        limit: SEARCH_INPUT.limit,
        cursor: SEARCH_INPUT.cursor,
      },
      outputSchema: CompaniesOutput.shape,
      annotations: { title: 'Search companies', ...READ_ONLY },
    },
    ({ query, limit, cursor }) =>
      guarded(log, 'search_companies', async () => {
        const text = (query ?? '').trim();
        const f = fingerprint('companies', { text });
        const c = cursor ? decodeCursor(cursor, f) : null;
        const pageSize = c?.n ?? limit ?? DEFAULT_LIMIT;
        const offset = c?.o ?? 0;
        const found = await searchCompanies(deps.pool, { text, limit: pageSize, offset });
        const hasMore = offset + pageSize < found.total;
        return result({
          companies: found.companies.map((co) => ({ ...co, url: companyUrl(links, co.slug) })),
          total: found.total,
          hasMore,
          nextCursor: hasMore
            ? encodeCursor({ v: 1, o: offset + pageSize, n: pageSize, a: Date.now(), f, l: null })
            : null,
        });
      }),
  );

  server.registerTool(
    'get_company',
    {
      title: 'Get a company',
      description: 'A company by name or slug: its profile and its live jobs, newest first.',
      inputSchema: {
        company: z
          .string()
          .min(1)
          .max(200)
          .describe("The company's name or slug (companySlug of a job row)."),
        jobsLimit: z
          .number()
          .int()
          .min(0, 'Must be a whole number from 0 to 20')
          .max(20, 'Must be a whole number from 0 to 20')
          .optional()
          .describe('How many of its jobs to list, 0 to 20 (default 20).'),
      },
      outputSchema: CompanyOutput.shape,
      annotations: { title: 'Get a company', ...READ_ONLY },
    },
    ({ company, jobsLimit }) =>
      guarded(log, 'get_company', async () => {
        const details = await companyDetails(m, company.trim(), jobsLimit ?? 20);
        if (!details)
          throw fieldError('company', `No company '${company}' on the board. Use search_companies.`);
        return result(details);
      }),
  );

  server.registerTool(
    'get_salary_data',
    {
      title: 'Salary figures',
      description: `Salary figures for a job title from the board's live listings that state a salary: n, p25, median and p75 in US dollars per year, and the currencies the listings use. With fewer than ${MIN_SALARY_SAMPLE} listings it says there is too little data (no figures).`,
      inputSchema: SalaryQuery.shape,
      outputSchema: SalaryOutput.shape,
      annotations: { title: 'Salary figures', ...READ_ONLY },
    },
    (input) =>
      guarded(log, 'get_salary_data', async () => {
        return result({ ...(await salaryFigures(deps.pool, input)) });
      }),
  );

  server.registerTool(
    'create_job_alert',
    {
      title: 'Create a job alert',
      description:
        'Starts an e-mail alert for a search: the board e-mails the address a confirmation link, and sends jobs only after the person clicks it (nothing else is sent before). Ask the user for their e-mail address and consent first. Rate-limited per address.',
      inputSchema: {
        email: z.string().max(254).describe("The user's e-mail address."),
        query: FILTERS.query,
        location: FILTERS.location,
        experienceLevel: FILTERS.experienceLevel,
        type: FILTERS.type,
        salary: FILTERS.salary,
        remoteOrHybrid: FILTERS.remoteOrHybrid,
        workFrom: FILTERS.workFrom,
        timeZone: FILTERS.timeZone,
        timeZoneHours: FILTERS.timeZoneHours,
        frequency: oneOf(ALERT_FREQUENCIES, 'How often to e-mail new jobs (default daily).').optional(),
      },
      outputSchema: AlertOutput.shape,
      annotations: {
        title: 'Create a job alert',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (input) =>
      guarded(log, 'create_job_alert', async () => {
        const { answer } = await subscribeToAlert(deps, m.ctx, {
          email: input.email,
          title: input.query,
          location: input.location,
          experienceLevel: input.experienceLevel,
          type: input.type,
          salary: input.salary,
          isRemote: input.remoteOrHybrid ?? false,
          workFrom: input.workFrom,
          tz: input.timeZone,
          tzHours: input.timeZoneHours,
          frequency: input.frequency,
        });
        return result({ ...answer });
      }),
  );

  // Resources: a job and a company by slug, as Markdown, at the board's own page URLs.
  server.registerResource(
    'job',
    new ResourceTemplate(`${links.publicUrl}/jobs/{slug}`, {
      list: async () => {
        const found = await searchOf(deps).search({
          sortBy: 'datePosted',
          sortOrder: 'desc',
          page: 1,
          pageSize: 20,
        });
        const jobs = await loadLiveJobs(deps.pool, found.ids);
        return {
          resources: jobs.map((j) => ({
            uri: jobUrl(links, j.slug),
            name: `${j.title} at ${j.company}`,
            mimeType: 'text/markdown',
          })),
        };
      },
    }),
    { title: 'A job', description: 'A job posting as Markdown, by its slug.', mimeType: 'text/markdown' },
    async (uri, { slug }) => {
      const details = await jobDetails(m, decodeURIComponent(String(slug)), 'markdown');
      if (!details) throw new Error(`No job '${String(slug)}' on the board`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: jobMarkdown(details) }] };
    },
  );

  server.registerResource(
    'company',
    new ResourceTemplate(`${links.publicUrl}/companies/{slug}`, { list: undefined }),
    {
      title: 'A company',
      description: 'A company and its live jobs as Markdown, by its slug.',
      mimeType: 'text/markdown',
    },
    async (uri, { slug }) => {
      const details = await companyDetails(m, decodeURIComponent(String(slug)), 20);
      if (!details) throw new Error(`No company '${String(slug)}' on the board`);
      const text = [
        `# ${details.name}`,
        '',
        `- Company page: ${details.url}`,
        ...(details.website ? [`- Website: ${details.website}`] : []),
        ...(details.industry ? [`- Industry: ${details.industry}`] : []),
        ...(details.size ? [`- Size: ${details.size}`] : []),
        `- Open jobs: ${details.openJobs}`,
        '',
        details.description ?? '',
        '',
        '## Open jobs',
        '',
        ...details.jobs.map(
          (j) =>
            `- [${j.title}](${j.url}) · ${j.whereApplicantsMayWork ?? j.location} · posted ${j.datePosted}`,
        ),
      ].join('\n');
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
    },
  );

  return server;
}
