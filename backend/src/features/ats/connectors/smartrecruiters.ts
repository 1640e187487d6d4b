/**
 * SmartRecruiters Posting API: GET /v1/companies/{companyIdentifier}/postings?limit=100&offset=
 * answers `{ limit, offset, totalFound, content: [...] }`; the description and the apply URL are in
 * each posting's details (GET .../postings/{id}), fetched one by one (paced by the caller's fetch)
 * and bounded per pull.
 *
 * - Paging stops at a page that brings no posting not seen yet: some boards ignore `offset` and
 *   answer the first page again, which would otherwise be read up to the cap (and every repeated
 *   posting's details fetched) while `totalFound` promises more.
 * - `experienceLevel` 'not_applicable' ("Not Applicable") states no level: it is not passed on.
 */
import { z } from 'zod';
import type { IngestItemPosted, Workplace } from '@jobs/contracts';
import {
  AtsHttpError,
  baseOf,
  countryCodes,
  dateOrNote,
  descriptionOrNote,
  escapeHtml,
  getJson,
  httpUrl,
  mapPostings,
  PageGuard,
  textOrNull,
  type BoardProblem,
  type Connector,
} from './types';

export const SMARTRECRUITERS_PAGE_SIZE = 100;
/** Postings per pull whose details we fetch (each is one request). */
export const SMARTRECRUITERS_MAX_POSTINGS = 1000;

const Label = z.object({ id: z.string().nullish(), label: z.string().nullish() }).nullish();

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
  function: Label,
  typeOfEmployment: Label,
  experienceLevel: Label,
  ref: z.string().nullish(),
});
type Posting = z.infer<typeof Posting>;

const Page = z.object({
  limit: z.number().nullish(),
  offset: z.number().nullish(),
  totalFound: z.number(),
  content: z.array(z.unknown()),
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

function workplaceOf(location: Posting['location']): Workplace | null {
  if (location?.remote) return 'remote';
  if (location?.hybrid) return 'hybrid';
  return null;
}

function locationOf(location: Posting['location']): string | null {
  if (!location) return null;
  if (location.fullLocation?.trim()) return location.fullLocation.trim();
  const country = location.country ? location.country.toUpperCase() : null;
  return textOrNull([location.city, location.region, country].filter((p) => p?.trim()).join(', '));
}

const NO_LEVEL = new Set(['not_applicable', 'not_specified']);

export const smartrecruiters: Connector = {
  kind: 'smartrecruiters',
  defaultBaseUrl: 'https://api.smartrecruiters.com',
  async fetchBoard(board, ctx) {
    const base = `${baseOf(smartrecruiters, ctx)}/v1/companies/${encodeURIComponent(board)}/postings`;
    const pages = new PageGuard<unknown>((raw) =>
      String((raw as { id?: unknown } | null)?.id ?? JSON.stringify(raw)),
    );
    const boardProblems: BoardProblem[] = [];
    for (let offset = 0; ; offset += SMARTRECRUITERS_PAGE_SIZE) {
      const page = await getJson(`${base}?limit=${SMARTRECRUITERS_PAGE_SIZE}&offset=${offset}`, Page, ctx);
      const fresh = pages.add(page.content);
      if (!fresh) {
        boardProblems.push({
          externalId: null,
          title: null,
          action: 'degraded',
          message: `The board answered offset=${offset} with postings already read (it ignores offset): paging stopped at ${pages.items.length} of the ${page.totalFound} it announces`,
        });
      }
      const done =
        !fresh ||
        page.content.length === 0 ||
        offset + page.content.length >= page.totalFound ||
        pages.items.length >= SMARTRECRUITERS_MAX_POSTINGS ||
        ctx.summaryOnly;
      if (done) break;
    }
    const listed = pages.items.slice(0, SMARTRECRUITERS_MAX_POSTINGS);
    const named = listed.find((p) => Posting.safeParse(p).data?.company?.name);
    const boardCompany = textOrNull(named ? Posting.parse(named).company?.name : null);
    const company = ctx.company ?? boardCompany ?? board;

    // Details first (the only I/O), then every posting is mapped on its own.
    const details = new Map<string, Details | null>();
    const withdrawn = new Set<string>();
    if (!ctx.summaryOnly) {
      for (const raw of listed) {
        const parsed = Posting.safeParse(raw);
        if (!parsed.success) continue;
        const id = parsed.data.id;
        try {
          // Built from our base URL rather than `ref`, so an overridden base (tests, proxies) holds.
          details.set(
            id,
            await getJson(`${base}/${encodeURIComponent(id)}`, Details, ctx, { notFoundIsBoard: false }),
          );
        } catch (err) {
          // Withdrawn between the list and its details: it is no longer on the board.
          if (err instanceof AtsHttpError && err.status === 404) withdrawn.add(id);
          else throw err;
        }
      }
    }

    const { jobs, problems } = mapPostings(listed, Posting, {
      idKeys: ['id'],
      titleKeys: ['name'],
      map(p, notes): IngestItemPosted | null {
        if (withdrawn.has(p.id)) return null;
        const detail = details.get(p.id) ?? null;
        const postingUrl =
          httpUrl(detail?.postingUrl) ??
          `https://jobs.smartrecruiters.com/${encodeURIComponent(board)}/${encodeURIComponent(p.id)}`;
        const level = p.experienceLevel;
        return {
          action: 'posted',
          externalId: p.id,
          title: p.name,
          company,
          companyDescription: textOrNull(detail?.jobAd?.sections?.companyDescription?.text),
          location: locationOf(p.location),
          countries: countryCodes([p.location?.country], notes),
          workplace: workplaceOf(p.location),
          department: textOrNull(p.department?.label),
          industry: textOrNull(p.function?.label),
          employmentType: textOrNull(p.typeOfEmployment?.label),
          experienceLevel: level && !NO_LEVEL.has(level.id ?? '') ? textOrNull(level.label) : null,
          descriptionHtml: ctx.summaryOnly
            ? `<p>${escapeHtml(p.name)}</p>`
            : descriptionOrNote(descriptionOf(detail), p.name, notes),
          datePosted: dateOrNote(p.releasedDate, 'releasedDate', notes),
          applicationUrl: httpUrl(detail?.applyUrl) ?? postingUrl,
          sourceUrl: postingUrl,
        };
      },
    });
    return {
      ...(boardCompany ? { company: boardCompany } : {}),
      jobs,
      problems: [...boardProblems, ...problems],
    };
  },
};
