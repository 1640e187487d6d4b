/**
 * Greenhouse Job Board API: GET /v1/boards/{board_token}/jobs?content=true answers
 * `{ jobs: [...], meta: { total } }` in one page. Workplace lives only in the location text
 * ("Remote - EMEA") or in a custom field (`metadata`); `content` is HTML escaped once more.
 *
 * Pay ranges are not in the list: Greenhouse documents `pay_transparency=true` on "Retrieve a job"
 * only (GET .../jobs/{id}?pay_transparency=true), and real list answers carry no `pay_input_ranges`
 * (fixtures/real/greenhouse). So each posting's detail is read once and kept per process while the
 * posting's `updated_at` stays the same; a board of 300 jobs costs 300 requests on the first pull and
 * only the changed postings afterwards.
 */
import { z } from 'zod';
import type { IngestItemPosted, Workplace } from '@jobs/contracts';
import { resolvePlace } from '../../jobs/normalise';
import {
  AtsHttpError,
  baseOf,
  countryCodes,
  dateOrNote,
  descriptionOrNote,
  getJson,
  httpUrl,
  MalformedResponseError,
  mapPostings,
  postingsOf,
  textOrNull,
  unescapeHtml,
  workplaceOrNote,
  type Connector,
  type FetchBoardContext,
  type Notes,
} from './types';

/** Detail requests (pay ranges) per pull; postings beyond it wait for the next pull. */
export const GREENHOUSE_MAX_DETAILS = 1000;
const CACHE_LIMIT = 20_000;

const PayRange = z.object({
  min_cents: z.number().nullish(),
  max_cents: z.number().nullish(),
  currency_type: z.string().nullish(),
  title: z.string().nullish(),
  blurb: z.string().nullish(),
});
type PayRange = z.infer<typeof PayRange>;

const Metadata = z.object({
  name: z.string().nullish(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown())]).nullish(),
});

const Job = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  absolute_url: z.string(),
  location: z.object({ name: z.string().nullish() }).nullish(),
  first_published: z.string().nullish(),
  updated_at: z.string().nullish(),
  departments: z.array(z.object({ name: z.string() })).nullish(),
  offices: z.array(z.object({ name: z.string().nullish(), location: z.string().nullish() })).nullish(),
  metadata: z.array(Metadata).nullish(),
  content: z.string().nullish(),
  company_name: z.string().nullish(),
  pay_input_ranges: z.array(PayRange).nullish(),
});
type Job = z.infer<typeof Job>;

const Detail = z.object({
  id: z.union([z.number(), z.string()]),
  pay_input_ranges: z.array(PayRange).nullish(),
});

/** Pay ranges read from postings' details, by board and posting, with the `updated_at` they were read at. */
const payCache = new Map<string, { stamp: string; ranges: PayRange[] }>();

function remember(key: string, value: { stamp: string; ranges: PayRange[] }): void {
  payCache.delete(key);
  payCache.set(key, value);
  if (payCache.size > CACHE_LIMIT) payCache.delete(payCache.keys().next().value!);
}

/** Forgets every posting's pay ranges (tests). */
export function clearGreenhousePayCache(): void {
  payCache.clear();
}

/**
 * One salary from a posting's ranges. Boards often post one range per pay zone ('US Zone 1',
 * 'US Zone 2'): the salary spans them (the lowest minimum to the highest maximum) in the first
 * range's currency; a range in another currency is left out with a note.
 */
function salaryOf(ranges: readonly PayRange[], notes: Notes): Partial<IngestItemPosted> {
  const priced = ranges.filter((r) => r.min_cents != null || r.max_cents != null);
  if (priced.length === 0) return {};
  const currency = textOrNull(priced[0]!.currency_type);
  const same = priced.filter((r) => textOrNull(r.currency_type) === currency);
  if (same.length < priced.length)
    notes.degrade(`Pay ranges in several currencies; only the ${currency ?? 'first'} ones are shown`);
  const mins = same.flatMap((r) => (r.min_cents != null ? [r.min_cents / 100] : []));
  const maxes = same.flatMap((r) => (r.max_cents != null ? [r.max_cents / 100] : []));
  const min = mins.length ? Math.min(...mins) : null;
  const max = maxes.length ? Math.max(...maxes) : null;
  const titles = same.map((r) => `${r.title ?? ''} ${r.blurb ?? ''}`).join(' ');
  // The range's title says the period when it is not yearly ('Hourly Pay Range'); else an amount
  // under 1,000 reads as hourly pay.
  const hourly = /\b(hour|hourly|per hour|\/\s*hr)\b/i.test(titles) || (max ?? min ?? 0) < 1000;
  return { salaryMin: min, salaryMax: max, salaryCurrency: currency, salaryPeriod: hourly ? 'HOUR' : 'YEAR' };
}

const EMPLOYMENT_FIELD = /\b(employment|job|contract|position|work)\s*type\b|\bcommitment\b|\btime\s*type\b/i;
const WORKPLACE_FIELD = /\b(workplace|remote|location\s*type|work\s*(arrangement|model|location|setting))\b/i;

function metadataText(value: z.infer<typeof Metadata>['value']): string | null {
  if (typeof value === 'string') return textOrNull(value);
  if (Array.isArray(value)) {
    const first = value.find((v) => typeof v === 'string');
    return typeof first === 'string' ? textOrNull(first) : null;
  }
  return null;
}

/** Employment type and workplace from the board's custom fields, when it exposes them. */
function fromMetadata(
  job: Job,
  notes: Notes,
): { employmentType: string | null; workplace: Workplace | null } {
  let employmentType: string | null = null;
  let workplace: Workplace | null = null;
  for (const field of job.metadata ?? []) {
    const name = field.name ?? '';
    const value = metadataText(field.value);
    if (!value) continue;
    if (!employmentType && EMPLOYMENT_FIELD.test(name)) employmentType = value;
    else if (!workplace && WORKPLACE_FIELD.test(name))
      workplace = workplaceOrNote(value, `Custom field '${name}'`, notes);
  }
  return { employmentType, workplace };
}

async function payRangesFor(
  base: string,
  board: string,
  jobs: readonly Job[],
  ctx: FetchBoardContext,
): Promise<{ ranges: Map<string, PayRange[]>; withdrawn: Set<string>; unread: Map<string, string> }> {
  const ranges = new Map<string, PayRange[]>();
  const withdrawn = new Set<string>();
  const unread = new Map<string, string>();
  let requests = 0;
  for (const job of jobs) {
    const id = String(job.id);
    if (job.pay_input_ranges) {
      ranges.set(id, job.pay_input_ranges);
      continue;
    }
    const key = `${base}|${board}|${id}`;
    const stamp = job.updated_at ?? job.first_published ?? '';
    const cached = payCache.get(key);
    if (cached && cached.stamp === stamp) {
      ranges.set(id, cached.ranges);
      continue;
    }
    if (ctx.summaryOnly) continue;
    if (requests >= GREENHOUSE_MAX_DETAILS) {
      // Keep what we read last time rather than drop a salary that is still there.
      if (cached) ranges.set(id, cached.ranges);
      else
        unread.set(
          id,
          `Pay ranges not read: more than ${GREENHOUSE_MAX_DETAILS} postings changed; next pull`,
        );
      continue;
    }
    requests += 1;
    const url = `${base}/v1/boards/${encodeURIComponent(board)}/jobs/${encodeURIComponent(id)}?pay_transparency=true`;
    try {
      const detail = await getJson(url, Detail, ctx, { notFoundIsBoard: false });
      const found = detail.pay_input_ranges ?? [];
      remember(key, { stamp, ranges: found });
      ranges.set(id, found);
    } catch (err) {
      // Withdrawn between the list and its detail: it is no longer on the board.
      if (err instanceof AtsHttpError && err.status === 404) withdrawn.add(id);
      // A detail we cannot read costs this posting its salary only; a 5xx or a timeout fails the
      // pull (retried later, nothing is closed) so a salary never flaps off and on.
      else if (err instanceof MalformedResponseError) unread.set(id, `Pay ranges unreadable: ${err.message}`);
      else throw err;
    }
  }
  return { ranges, withdrawn, unread };
}

export const greenhouse: Connector = {
  kind: 'greenhouse',
  defaultBaseUrl: 'https://boards-api.greenhouse.io',
  async fetchBoard(board, ctx) {
    const base = baseOf(greenhouse, ctx);
    const url = `${base}/v1/boards/${encodeURIComponent(board)}/jobs?content=true`;
    const answer = await getJson(url, z.object({ jobs: z.array(z.unknown()) }).loose(), ctx);
    const raws = postingsOf(answer, 'jobs', url);
    const valid = raws.flatMap((raw) => {
      const parsed = Job.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    });
    const boardCompany = textOrNull(valid.find((j) => j.company_name)?.company_name);
    const company = ctx.company ?? boardCompany ?? board;
    const pay = await payRangesFor(base, board, valid, ctx);

    const { jobs, problems } = mapPostings(raws, Job, {
      idKeys: ['id'],
      titleKeys: ['title'],
      map(job, notes) {
        const id = String(job.id);
        if (pay.withdrawn.has(id)) return null;
        const unread = pay.unread.get(id);
        if (unread) notes.degrade(unread);
        const custom = fromMetadata(job, notes);
        const offices = (job.offices ?? []).map((o) => o.location ?? o.name);
        return {
          action: 'posted',
          externalId: id,
          title: job.title,
          company,
          location: textOrNull(job.location?.name),
          countries: countryCodes(
            offices.flatMap((text) => (text ? resolvePlace(text).countries : [])),
            notes,
          ),
          workplace: custom.workplace,
          employmentType: custom.employmentType,
          department: textOrNull(job.departments?.[0]?.name),
          ...salaryOf(pay.ranges.get(id) ?? [], notes),
          descriptionHtml: descriptionOrNote(
            job.content ? unescapeHtml(job.content) : null,
            job.title,
            notes,
          ),
          datePosted: dateOrNote(job.first_published ?? job.updated_at, 'first_published', notes),
          applicationUrl: httpUrl(job.absolute_url) ?? job.absolute_url,
          sourceUrl: httpUrl(job.absolute_url),
        };
      },
    });
    return { ...(boardCompany ? { company: boardCompany } : {}), jobs, problems };
  },
};
