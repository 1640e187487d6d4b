/**
 * SmartRecruiters Posting API: GET /v1/companies/{companyIdentifier}/postings?limit=100&offset=
 * answers `{ limit, offset, totalFound, content: [...] }`; the description and the apply URL are in
 * each posting's details (GET .../postings/{id}), fetched one by one (paced by the caller's fetch)
 * and bounded per pull.
 */
import { z } from 'zod';
import type { IngestItemPosted, Workplace } from '@jobs/contracts';
import {
  AtsHttpError,
  baseOf,
  descriptionOr,
  escapeHtml,
  getJson,
  httpUrl,
  isoDate,
  textOrNull,
  type Connector,
} from './types';

export const SMARTRECRUITERS_PAGE_SIZE = 100;
/** Postings per pull whose details we fetch (each is one request). */
export const SMARTRECRUITERS_MAX_POSTINGS = 1000;

const Label = z.object({ label: z.string().nullish() }).nullish();

const Posting = z.object({
  id: z.string(),
  name: z.string(),
  releasedDate: z.string().nullish(),
  company: z.object({ name: z.string().nullish() }).nullish(),
  location: z
    .object({
      city: z.string().nullish(),
      region: z.string().nullish(),
      country: z.string().nullish(),
      remote: z.boolean().nullish(),
      hybrid: z.boolean().nullish(),
      fullLocation: z.string().nullish(),
    })
    .nullish(),
  department: Label,
  typeOfEmployment: Label,
  experienceLevel: Label,
  ref: z.string().nullish(),
});

const Page = z.object({
  limit: z.number().nullish(),
  offset: z.number(),
  totalFound: z.number(),
  content: z.array(Posting),
});

const Section = z.object({ title: z.string().nullish(), text: z.string().nullish() }).nullish();
const Details = z.object({
  id: z.string(),
  applyUrl: z.string().nullish(),
  postingUrl: z.string().nullish(),
  jobAd: z
    .object({
      sections: z
        .object({
          companyDescription: Section,
          jobDescription: Section,
          qualifications: Section,
          additionalInformation: Section,
        })
        .partial()
        .nullish(),
    })
    .nullish(),
});
type Details = z.infer<typeof Details>;

function descriptionOf(details: Details | null): string {
  const s = details?.jobAd?.sections;
  if (!s) return '';
  return [s.jobDescription, s.qualifications, s.additionalInformation]
    .filter((section) => section?.text?.trim())
    .map((section) => `${section!.title ? `<h3>${escapeHtml(section!.title)}</h3>\n` : ''}${section!.text}`)
    .join('\n');
}

function workplaceOf(location: z.infer<typeof Posting>['location']): Workplace | null {
  if (location?.remote) return 'remote';
  if (location?.hybrid) return 'hybrid';
  return null;
}

function locationOf(location: z.infer<typeof Posting>['location']): string | null {
  if (!location) return null;
  if (location.fullLocation?.trim()) return location.fullLocation.trim();
  const country = location.country ? location.country.toUpperCase() : null;
  return textOrNull([location.city, location.region, country].filter((p) => p?.trim()).join(', '));
}

export const smartrecruiters: Connector = {
  kind: 'smartrecruiters',
  defaultBaseUrl: 'https://api.smartrecruiters.com',
  async fetchBoard(board, ctx) {
    const base = `${baseOf(smartrecruiters, ctx)}/v1/companies/${encodeURIComponent(board)}/postings`;
    const postings: z.infer<typeof Posting>[] = [];
    for (let offset = 0; ; offset += SMARTRECRUITERS_PAGE_SIZE) {
      const page = await getJson(`${base}?limit=${SMARTRECRUITERS_PAGE_SIZE}&offset=${offset}`, Page, ctx);
      postings.push(...page.content);
      const done =
        page.content.length === 0 ||
        offset + page.content.length >= page.totalFound ||
        postings.length >= SMARTRECRUITERS_MAX_POSTINGS ||
        ctx.summaryOnly;
      if (done) break;
    }
    const listed = postings.slice(0, SMARTRECRUITERS_MAX_POSTINGS);
    const boardCompany = textOrNull(listed.find((p) => p.company?.name)?.company?.name);
    const company = ctx.company ?? boardCompany ?? board;

    const jobs: IngestItemPosted[] = [];
    for (const p of listed) {
      let details: Details | null = null;
      if (!ctx.summaryOnly) {
        try {
          // Built from our base URL rather than `ref`, so an overridden base (tests, proxies) holds.
          details = await getJson(`${base}/${encodeURIComponent(p.id)}`, Details, ctx, {
            notFoundIsBoard: false,
          });
        } catch (err) {
          // Withdrawn between the list and its details: it is no longer on the board.
          if (err instanceof AtsHttpError && err.status === 404) continue;
          throw err;
        }
      }
      const postingUrl =
        httpUrl(details?.postingUrl) ??
        `https://jobs.smartrecruiters.com/${encodeURIComponent(board)}/${encodeURIComponent(p.id)}`;
      jobs.push({
        action: 'posted',
        externalId: p.id,
        title: p.name,
        company,
        location: locationOf(p.location),
        workplace: workplaceOf(p.location),
        department: textOrNull(p.department?.label),
        employmentType: textOrNull(p.typeOfEmployment?.label),
        experienceLevel: textOrNull(p.experienceLevel?.label),
        descriptionHtml: descriptionOr(descriptionOf(details), p.name),
        datePosted: isoDate(p.releasedDate),
        applicationUrl: httpUrl(details?.applyUrl) ?? postingUrl,
        sourceUrl: postingUrl,
      });
    }
    return { ...(boardCompany ? { company: boardCompany } : {}), jobs };
  },
};
