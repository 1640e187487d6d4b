/**
 * Workable accounts API: GET /api/accounts/{subdomain}?details=true answers
 * `{ name, description, jobs: [...] }`; `telecommuting` marks remote jobs.
 */
import { z } from 'zod';
import type { IngestItemPosted } from '@jobs/contracts';
import { baseOf, descriptionOr, getJson, httpUrl, isoDate, textOrNull, type Connector } from './types';

const Job = z.object({
  title: z.string(),
  shortcode: z.string(),
  code: z.string().nullish(),
  employment_type: z.string().nullish(),
  telecommuting: z.boolean().nullish(),
  department: z.string().nullish(),
  url: z.string(),
  shortlink: z.string().nullish(),
  application_url: z.string().nullish(),
  published_on: z.string().nullish(),
  created_at: z.string().nullish(),
  country: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  experience: z.string().nullish(),
  locations: z
    .array(
      z.object({ country: z.string().nullish(), city: z.string().nullish(), region: z.string().nullish() }),
    )
    .nullish(),
  description: z.string().nullish(),
});

const Account = z.object({
  name: z.string().nullish(),
  description: z.string().nullish(),
  jobs: z.array(Job),
});

function locationOf(job: z.infer<typeof Job>): string | null {
  const first = job.locations?.[0];
  const parts = first ? [first.city, first.region, first.country] : [job.city, job.state, job.country];
  return textOrNull(parts.filter((p) => p?.trim()).join(', '));
}

export const workable: Connector = {
  kind: 'workable',
  defaultBaseUrl: 'https://www.workable.com',
  async fetchBoard(board, ctx) {
    const url = `${baseOf(workable, ctx)}/api/accounts/${encodeURIComponent(board)}?details=true`;
    const data = await getJson(url, Account, ctx);
    const boardCompany = textOrNull(data.name);
    const company = ctx.company ?? boardCompany ?? board;
    const jobs = data.jobs.map((job): IngestItemPosted => ({
      action: 'posted',
      externalId: job.shortcode,
      title: job.title,
      company,
      companyDescription: textOrNull(data.description),
      location: locationOf(job),
      // Workable says "remote" or nothing; a non-remote job may still be hybrid, which the text tells.
      workplace: job.telecommuting ? 'remote' : null,
      department: textOrNull(job.department),
      employmentType: textOrNull(job.employment_type),
      experienceLevel: textOrNull(job.experience),
      descriptionHtml: descriptionOr(job.description, job.title),
      datePosted: isoDate(job.published_on ?? job.created_at),
      applicationUrl: httpUrl(job.application_url) ?? httpUrl(job.url) ?? job.url,
      sourceUrl: httpUrl(job.url),
    }));
    return { ...(boardCompany ? { company: boardCompany } : {}), jobs };
  },
};
