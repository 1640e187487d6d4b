/**
 * Workable accounts API: GET /api/accounts/{subdomain}?details=true answers
 * `{ name, description, jobs: [...] }`; `telecommuting` marks remote jobs.
 *
 * A job's `locations` may be marked `hidden: true`: the company keeps that office off its job page
 * (Hugging Face's 'EMEA Remote' jobs are filed under a hidden Paris office). Hidden locations are
 * never shown, and the top-level city/state/country, which only repeat the first location, are not
 * read when a `locations` list is given.
 */
import { z } from 'zod';
import type { IngestItemPosted } from '@jobs/contracts';
import {
  baseOf,
  countryCodes,
  dateOrNote,
  descriptionOrNote,
  getJson,
  httpUrl,
  mapPostings,
  postingsOf,
  textOrNull,
  type Connector,
  type Notes,
} from './types';

const Location = z.object({
  country: z.string().nullish(),
  countryCode: z.string().nullish(),
  city: z.string().nullish(),
  region: z.string().nullish(),
  hidden: z.boolean().nullish(),
});

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
  function: z.string().nullish(),
  locations: z.array(Location).nullish(),
  description: z.string().nullish(),
});
type Job = z.infer<typeof Job>;

const Account = z.object({ name: z.string().nullish(), description: z.string().nullish() }).loose();

const place = (parts: (string | null | undefined)[]) => textOrNull(parts.filter((p) => p?.trim()).join(', '));

/** The shown locations and their countries; nothing when every location is hidden. */
function locationOf(job: Job, notes: Notes): { location: string | null; countries: string[] } {
  if (job.locations && job.locations.length > 0) {
    const shown = job.locations.filter((l) => !l.hidden);
    const texts = [
      ...new Set(shown.map((l) => place([l.city, l.region, l.country])).filter((t) => t !== null)),
    ];
    return {
      location: textOrNull(texts.join(' / ')),
      countries: countryCodes(
        shown.map((l) => l.countryCode ?? l.country),
        notes,
      ),
    };
  }
  return {
    location: place([job.city, job.state, job.country]),
    countries: countryCodes([job.country], notes),
  };
}

export const workable: Connector = {
  kind: 'workable',
  defaultBaseUrl: 'https://www.workable.com',
  async fetchBoard(board, ctx) {
    const url = `${baseOf(workable, ctx)}/api/accounts/${encodeURIComponent(board)}?details=true`;
    const answer = await getJson(url, Account, ctx);
    const boardCompany = textOrNull(answer.name);
    const company = ctx.company ?? boardCompany ?? board;
    const { jobs, problems } = mapPostings(postingsOf(answer, 'jobs', url), Job, {
      idKeys: ['shortcode'],
      titleKeys: ['title'],
      map(job, notes): IngestItemPosted {
        const where = locationOf(job, notes);
        return {
          action: 'posted',
          externalId: job.shortcode,
          title: job.title,
          company,
          companyDescription: textOrNull(answer.description),
          ...where,
          // Workable says "remote" or nothing; a non-remote job may still be hybrid, which the text tells.
          workplace: job.telecommuting ? 'remote' : null,
          department: textOrNull(job.department),
          employmentType: textOrNull(job.employment_type),
          experienceLevel: textOrNull(job.experience),
          // The job function ('Engineering', 'Marketing') is its category; `industry` is the company's.
          industry: textOrNull(job.function),
          descriptionHtml: descriptionOrNote(job.description, job.title, notes),
          datePosted: dateOrNote(job.published_on ?? job.created_at, 'published_on', notes),
          applicationUrl: httpUrl(job.application_url) ?? httpUrl(job.url) ?? job.url,
          sourceUrl: httpUrl(job.url),
        };
      },
    });
    return { ...(boardCompany ? { company: boardCompany } : {}), jobs, problems };
  },
};
