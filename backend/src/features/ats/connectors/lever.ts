/**
 * Lever Postings API: GET /v0/postings/{site}?mode=json&skip=&limit= answers a bare array, paged
 * with skip/limit. Global host api.lever.co; EU accounts live on api.eu.lever.co (board `eu:{site}`).
 * An unknown site is a 404 `{"ok":false,"error":"Document not found"}`.
 *
 * `country` (ISO 3166-1 alpha-2 of the posting's location) goes to `countries`; every location of
 * `categories.allLocations` is shown, not only the first.
 */
import { z } from 'zod';
import type { IngestItemPosted } from '@jobs/contracts';
import {
  countryCodes,
  dateOrNote,
  descriptionOrNote,
  escapeHtml,
  getJson,
  httpUrl,
  mapPostings,
  PageGuard,
  textOrNull,
  workplaceOrNote,
  type Connector,
  type Notes,
} from './types';

export const LEVER_PAGE_SIZE = 100;
const MAX_PAGES = 100;
export const LEVER_EU_BASE_URL = 'https://api.eu.lever.co';

const Posting = z.object({
  id: z.string(),
  text: z.string(),
  categories: z
    .object({
      team: z.string().nullish(),
      department: z.string().nullish(),
      commitment: z.string().nullish(),
      location: z.string().nullish(),
      allLocations: z.array(z.string()).nullish(),
    })
    .nullish(),
  country: z.string().nullish(),
  workplaceType: z.string().nullish(),
  salaryRange: z
    .object({
      currency: z.string().nullish(),
      interval: z.string().nullish(),
      min: z.number().nullish(),
      max: z.number().nullish(),
    })
    .nullish(),
  hostedUrl: z.string(),
  applyUrl: z.string().nullish(),
  createdAt: z.number().nullish(),
  description: z.string().nullish(),
  descriptionPlain: z.string().nullish(),
  lists: z.array(z.object({ text: z.string().nullish(), content: z.string().nullish() })).nullish(),
  additional: z.string().nullish(),
});
type Posting = z.infer<typeof Posting>;

/** The opening, each list (requirements, benefits...) as a heading and its items, and the closing. */
function descriptionOf(p: Posting, notes: Notes): string {
  const parts = [p.description ?? (p.descriptionPlain ? `<p>${escapeHtml(p.descriptionPlain)}</p>` : '')];
  for (const list of p.lists ?? []) {
    if (list.text) parts.push(`<h3>${escapeHtml(list.text)}</h3>`);
    if (list.content) parts.push(`<ul>${list.content}</ul>`);
  }
  if (p.additional) parts.push(p.additional);
  return descriptionOrNote(parts.filter(Boolean).join('\n'), p.text, notes);
}

/** Every location the posting lists ('London / Stockholm'), else its one location. */
function locationOf(p: Posting): string | null {
  const all = (p.categories?.allLocations ?? []).map((l) => l.trim()).filter(Boolean);
  if (all.length > 1) return textOrNull([...new Set(all)].join(' / '));
  return textOrNull(p.categories?.location ?? all[0]);
}

export function leverHost(board: string, baseUrl?: string | null): { base: string; site: string } {
  const eu = board.startsWith('eu:');
  const site = eu ? board.slice(3) : board;
  const base = (baseUrl || (eu ? LEVER_EU_BASE_URL : lever.defaultBaseUrl)).replace(/\/+$/, '');
  return { base, site };
}

export const lever: Connector = {
  kind: 'lever',
  defaultBaseUrl: 'https://api.lever.co',
  async fetchBoard(board, ctx) {
    const { base, site } = leverHost(board, ctx.baseUrl);
    const pages = new PageGuard<unknown>((raw) =>
      String((raw as { id?: unknown } | null)?.id ?? JSON.stringify(raw)),
    );
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = `${base}/v0/postings/${encodeURIComponent(site)}?mode=json&skip=${page * LEVER_PAGE_SIZE}&limit=${LEVER_PAGE_SIZE}`;
      // A later page's 404 would mean the board vanished mid-pull: still "board not found".
      const batch = await getJson(url, z.array(z.unknown()), ctx);
      // A site that ignores skip answers the first page again: stop rather than read it 100 times.
      if (!pages.add(batch) || batch.length < LEVER_PAGE_SIZE || ctx.summaryOnly) break;
    }
    const company = ctx.company ?? site;
    const { jobs, problems } = mapPostings(pages.items, Posting, {
      idKeys: ['id'],
      titleKeys: ['text'],
      map(p, notes): IngestItemPosted {
        const salary = p.salaryRange;
        return {
          action: 'posted',
          externalId: p.id,
          title: p.text,
          company,
          location: locationOf(p),
          countries: countryCodes([p.country], notes),
          workplace: workplaceOrNote(p.workplaceType, 'workplaceType', notes),
          department: textOrNull(p.categories?.department ?? p.categories?.team),
          employmentType: textOrNull(p.categories?.commitment),
          ...(salary && (salary.min != null || salary.max != null)
            ? {
                salaryMin: salary.min ?? null,
                salaryMax: salary.max ?? null,
                salaryCurrency: textOrNull(salary.currency),
                salaryPeriod: textOrNull(salary.interval),
              }
            : {}),
          descriptionHtml: descriptionOf(p, notes),
          datePosted: dateOrNote(p.createdAt, 'createdAt', notes),
          applicationUrl: httpUrl(p.applyUrl) ?? httpUrl(p.hostedUrl) ?? p.hostedUrl,
          sourceUrl: httpUrl(p.hostedUrl),
        };
      },
    });
    return { jobs, problems };
  },
};
