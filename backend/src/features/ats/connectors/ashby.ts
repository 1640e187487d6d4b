/**
 * Ashby posting API: GET /posting-api/job-board/{name}?includeCompensation=true answers
 * `{ apiVersion, jobs: [...] }` in one page. Unlisted postings (`isListed: false`) are skipped.
 */
import { z } from 'zod';
import type { IngestItemPosted, Workplace } from '@jobs/contracts';
import { baseOf, descriptionOr, getJson, httpUrl, isoDate, textOrNull, type Connector } from './types';

const Component = z.object({
  compensationType: z.string().nullish(),
  interval: z.string().nullish(),
  currencyCode: z.string().nullish(),
  minValue: z.number().nullish(),
  maxValue: z.number().nullish(),
});

const Job = z.object({
  id: z.string(),
  title: z.string(),
  department: z.string().nullish(),
  team: z.string().nullish(),
  employmentType: z.string().nullish(),
  location: z.string().nullish(),
  secondaryLocations: z.array(z.object({ location: z.string().nullish() })).nullish(),
  isRemote: z.boolean().nullish(),
  workplaceType: z.string().nullish(),
  publishedAt: z.string().nullish(),
  isListed: z.boolean().nullish(),
  jobUrl: z.string(),
  applyUrl: z.string().nullish(),
  descriptionHtml: z.string().nullish(),
  compensation: z
    .object({
      compensationTiers: z.array(z.object({ components: z.array(Component).nullish() })).nullish(),
    })
    .nullish(),
});

const Board = z.object({ apiVersion: z.union([z.string(), z.number()]).nullish(), jobs: z.array(Job) });

const EMPLOYMENT: Record<string, string> = {
  FullTime: 'Full-time',
  PartTime: 'Part-time',
  Intern: 'Internship',
  Contract: 'Contract',
  Temporary: 'Temporary',
};

/** Ashby's workplaceType ('Remote', 'Hybrid', 'OnSite'), else its isRemote flag. */
function workplaceOf(job: z.infer<typeof Job>): Workplace | null {
  const type = (job.workplaceType ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (type === 'remote') return 'remote';
  if (type === 'hybrid') return 'hybrid';
  if (type === 'onsite') return 'on-site';
  return job.isRemote ? 'remote' : null;
}

function salaryOf(job: z.infer<typeof Job>): Partial<IngestItemPosted> {
  const components = (job.compensation?.compensationTiers ?? []).flatMap((t) => t.components ?? []);
  const salary = components.find(
    (c) =>
      (c.compensationType ?? '').toLowerCase() === 'salary' && (c.minValue != null || c.maxValue != null),
  );
  if (!salary) return {};
  return {
    salaryMin: salary.minValue ?? null,
    salaryMax: salary.maxValue ?? null,
    salaryCurrency: textOrNull(salary.currencyCode),
    salaryPeriod: textOrNull(salary.interval),
  };
}

export const ashby: Connector = {
  kind: 'ashby',
  defaultBaseUrl: 'https://api.ashbyhq.com',
  async fetchBoard(board, ctx) {
    const url = `${baseOf(ashby, ctx)}/posting-api/job-board/${encodeURIComponent(board)}?includeCompensation=true`;
    const data = await getJson(url, Board, ctx);
    const company = ctx.company ?? board;
    const jobs = data.jobs
      .filter((job) => job.isListed !== false)
      .map((job): IngestItemPosted => {
        const locations = [job.location, ...(job.secondaryLocations ?? []).map((l) => l.location)].filter(
          (l): l is string => !!l?.trim(),
        );
        return {
          action: 'posted',
          externalId: job.id,
          title: job.title,
          company,
          location: textOrNull(locations.join(' / ')),
          workplace: workplaceOf(job),
          department: textOrNull(job.department ?? job.team),
          employmentType: job.employmentType ? (EMPLOYMENT[job.employmentType] ?? job.employmentType) : null,
          ...salaryOf(job),
          descriptionHtml: descriptionOr(job.descriptionHtml, job.title),
          datePosted: isoDate(job.publishedAt),
          applicationUrl: httpUrl(job.applyUrl) ?? httpUrl(job.jobUrl) ?? job.jobUrl,
          sourceUrl: httpUrl(job.jobUrl),
        };
      });
    return { jobs };
  },
};
