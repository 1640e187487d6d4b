/**
 * Ashby posting API: GET /posting-api/job-board/{name}?includeCompensation=true answers
 * `{ apiVersion, jobs: [...] }` in one page. Unlisted postings (`isListed: false`) are skipped.
 *
 * - Locations: the primary and every secondary one are shown; their `addressCountry` (a name such
 *   as 'United States', found under `address.postalAddress` or, in Ashby's docs, under `address`)
 *   goes to `countries`.
 * - Pay: only when `shouldDisplayCompensationOnJobPostings` is not false. Ashby returns the numbers
 *   either way; false means the company chose not to publish them, and we do not either.
 */
import { z } from 'zod';
import type { IngestItemPosted, Workplace } from '@jobs/contracts';
import {
  baseOf,
  countryCodes,
  dateOrNote,
  descriptionOrNote,
  escapeHtml,
  getJson,
  httpUrl,
  mapPostings,
  postingsOf,
  textOrNull,
  workplaceOrNote,
  type Connector,
  type Notes,
} from './types';

const Component = z.object({
  compensationType: z.string().nullish(),
  interval: z.string().nullish(),
  currencyCode: z.string().nullish(),
  minValue: z.number().nullish(),
  maxValue: z.number().nullish(),
});
type Component = z.infer<typeof Component>;

const Address = z
  .object({
    addressLocality: z.string().nullish(),
    addressRegion: z.string().nullish(),
    addressCountry: z.string().nullish(),
  })
  .partial();

/** `{ postalAddress: {...} }` in real answers; the docs' example puts the fields on `address` itself. */
const AddressHolder = Address.extend({ postalAddress: Address.nullish() }).nullish();

const Job = z.object({
  id: z.string(),
  title: z.string(),
  department: z.string().nullish(),
  team: z.string().nullish(),
  employmentType: z.string().nullish(),
  location: z.string().nullish(),
  secondaryLocations: z.array(z.object({ location: z.string().nullish(), address: AddressHolder })).nullish(),
  address: AddressHolder,
  isRemote: z.boolean().nullish(),
  workplaceType: z.string().nullish(),
  publishedAt: z.string().nullish(),
  isListed: z.boolean().nullish(),
  jobUrl: z.string(),
  applyUrl: z.string().nullish(),
  descriptionHtml: z.string().nullish(),
  descriptionPlain: z.string().nullish(),
  shouldDisplayCompensationOnJobPostings: z.boolean().nullish(),
  compensation: z
    .object({
      compensationTiers: z.array(z.object({ components: z.array(Component).nullish() })).nullish(),
      summaryComponents: z.array(Component).nullish(),
      scrapeableCompensationSalarySummary: z.string().nullish(),
    })
    .nullish(),
});
type Job = z.infer<typeof Job>;

const EMPLOYMENT: Record<string, string> = {
  FullTime: 'Full-time',
  PartTime: 'Part-time',
  Intern: 'Internship',
  Contract: 'Contract',
  Temporary: 'Temporary',
};

/** Ashby's workplaceType ('Remote', 'Hybrid', 'OnSite'), else its isRemote flag. */
function workplaceOf(job: Job, notes: Notes): Workplace | null {
  return workplaceOrNote(job.workplaceType, 'workplaceType', notes) ?? (job.isRemote ? 'remote' : null);
}

function countryOf(address: z.infer<typeof AddressHolder>): string | null {
  return textOrNull(address?.postalAddress?.addressCountry ?? address?.addressCountry);
}

/**
 * The salary across the posting's tiers (one per zone, e.g. 'SF/NY' and 'Remote'): the lowest
 * minimum to the highest maximum of the salary components sharing the first one's currency and
 * interval; Ashby's `summaryComponents` already is that summary when present.
 */
function salaryOf(job: Job): Partial<IngestItemPosted> {
  if (job.shouldDisplayCompensationOnJobPostings === false) return {};
  const summary = job.compensation?.summaryComponents ?? [];
  const tiers = (job.compensation?.compensationTiers ?? []).flatMap((t) => t.components ?? []);
  const isSalary = (c: Component) =>
    (c.compensationType ?? '').toLowerCase() === 'salary' && (c.minValue != null || c.maxValue != null);
  const salaries = summary.some(isSalary) ? summary.filter(isSalary) : tiers.filter(isSalary);
  const first = salaries[0];
  if (!first) {
    // No structured salary but Ashby's one-line summary ('$150K - $200K'): the normaliser reads it.
    const summaryText = textOrNull(job.compensation?.scrapeableCompensationSalarySummary);
    return summaryText ? { salary: summaryText } : {};
  }
  const same = salaries.filter((c) => c.currencyCode === first.currencyCode && c.interval === first.interval);
  const mins = same.flatMap((c) => (c.minValue != null ? [c.minValue] : []));
  const maxes = same.flatMap((c) => (c.maxValue != null ? [c.maxValue] : []));
  return {
    salaryMin: mins.length ? Math.min(...mins) : null,
    salaryMax: maxes.length ? Math.max(...maxes) : null,
    salaryCurrency: textOrNull(first.currencyCode),
    salaryPeriod: textOrNull(first.interval),
  };
}

export const ashby: Connector = {
  kind: 'ashby',
  defaultBaseUrl: 'https://api.ashbyhq.com',
  async fetchBoard(board, ctx) {
    const url = `${baseOf(ashby, ctx)}/posting-api/job-board/${encodeURIComponent(board)}?includeCompensation=true`;
    const answer = await getJson(url, z.object({ jobs: z.array(z.unknown()) }).loose(), ctx);
    const company = ctx.company ?? board;
    const { jobs, problems } = mapPostings(postingsOf(answer, 'jobs', url), Job, {
      idKeys: ['id'],
      titleKeys: ['title'],
      map(job, notes): IngestItemPosted | null {
        if (job.isListed === false) return null;
        const secondary = job.secondaryLocations ?? [];
        const locations = [job.location, ...secondary.map((l) => l.location)]
          .map((l) => l?.trim())
          .filter((l): l is string => !!l);
        const description =
          job.descriptionHtml ?? (job.descriptionPlain ? `<p>${escapeHtml(job.descriptionPlain)}</p>` : null);
        return {
          action: 'posted',
          externalId: job.id,
          title: job.title,
          company,
          location: textOrNull([...new Set(locations)].join(' / ')),
          countries: countryCodes(
            [countryOf(job.address), ...secondary.map((l) => countryOf(l.address))],
            notes,
          ),
          workplace: workplaceOf(job, notes),
          department: textOrNull(job.department ?? job.team),
          employmentType: job.employmentType ? (EMPLOYMENT[job.employmentType] ?? job.employmentType) : null,
          ...salaryOf(job),
          descriptionHtml: descriptionOrNote(description, job.title, notes),
          datePosted: dateOrNote(job.publishedAt, 'publishedAt', notes),
          applicationUrl: httpUrl(job.applyUrl) ?? httpUrl(job.jobUrl) ?? job.jobUrl,
          sourceUrl: httpUrl(job.jobUrl),
        };
      },
    });
    return { jobs, problems };
  },
};
