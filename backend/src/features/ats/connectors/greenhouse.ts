/**
 * Greenhouse Job Board API: GET /v1/boards/{board_token}/jobs?content=true&pay_transparency=true
 * answers `{ jobs: [...], meta: { total } }` in one page. Workplace lives only in the location text
 * ("Remote - EMEA"), so it is left to our normaliser; `content` is HTML escaped once more.
 */
import { z } from 'zod';
import type { IngestItemPosted } from '@jobs/contracts';
import {
  baseOf,
  descriptionOr,
  getJson,
  httpUrl,
  isoDate,
  textOrNull,
  unescapeHtml,
  type Connector,
} from './types';

const PayRange = z.object({
  min_cents: z.number().nullish(),
  max_cents: z.number().nullish(),
  currency_type: z.string().nullish(),
  title: z.string().nullish(),
});

const Job = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  absolute_url: z.string(),
  location: z.object({ name: z.string().nullish() }).nullish(),
  first_published: z.string().nullish(),
  updated_at: z.string().nullish(),
  departments: z.array(z.object({ name: z.string() })).nullish(),
  content: z.string().nullish(),
  company_name: z.string().nullish(),
  pay_input_ranges: z.array(PayRange).nullish(),
});

const Board = z.object({ jobs: z.array(Job), meta: z.object({ total: z.number() }).partial().nullish() });

/** Cents → units; an amount under 1,000 a period reads as hourly pay. */
function salaryOf(ranges: z.infer<typeof PayRange>[] | null | undefined): Partial<IngestItemPosted> {
  const range = ranges?.find((r) => r.min_cents != null || r.max_cents != null);
  if (!range) return {};
  const min = range.min_cents != null ? range.min_cents / 100 : null;
  const max = range.max_cents != null ? range.max_cents / 100 : null;
  const top = max ?? min ?? 0;
  return {
    salaryMin: min,
    salaryMax: max,
    salaryCurrency: textOrNull(range.currency_type),
    salaryPeriod: top < 1000 ? 'HOUR' : 'YEAR',
  };
}

export const greenhouse: Connector = {
  kind: 'greenhouse',
  defaultBaseUrl: 'https://boards-api.greenhouse.io',
  async fetchBoard(board, ctx) {
    const url = `${baseOf(greenhouse, ctx)}/v1/boards/${encodeURIComponent(board)}/jobs?content=true&pay_transparency=true`;
    const data = await getJson(url, Board, ctx);
    const boardCompany = textOrNull(data.jobs.find((j) => j.company_name)?.company_name);
    const company = ctx.company ?? boardCompany ?? board;
    const jobs = data.jobs.map((job): IngestItemPosted => ({
      action: 'posted',
      externalId: String(job.id),
      title: job.title,
      company,
      location: textOrNull(job.location?.name),
      workplace: null,
      department: textOrNull(job.departments?.[0]?.name),
      ...salaryOf(job.pay_input_ranges),
      descriptionHtml: descriptionOr(job.content ? unescapeHtml(job.content) : null, job.title),
      datePosted: isoDate(job.first_published ?? job.updated_at),
      applicationUrl: httpUrl(job.absolute_url) ?? job.absolute_url,
      sourceUrl: httpUrl(job.absolute_url),
    }));
    return { ...(boardCompany ? { company: boardCompany } : {}), jobs };
  },
};
