/**
 * Lever Postings API: GET /v0/postings/{site}?mode=json&skip=&limit= answers a bare array, paged
 * with skip/limit. Global host api.lever.co; EU accounts live on api.eu.lever.co (board `eu:{site}`).
 * An unknown site is a 404 `{"ok":false,"error":"Document not found"}`.
 */
import { z } from 'zod';
import type { IngestItemPosted, Workplace } from '@jobs/contracts';
import { descriptionOr, escapeHtml, getJson, httpUrl, isoDate, textOrNull, type Connector } from './types';

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

const WORKPLACES: Record<string, Workplace> = {
  remote: 'remote',
  hybrid: 'hybrid',
  'on-site': 'on-site',
  onsite: 'on-site',
};

/** The opening, each list (requirements, benefits...) as a heading and its items, and the closing. */
function descriptionOf(p: Posting): string {
  const parts = [p.description ?? (p.descriptionPlain ? `<p>${escapeHtml(p.descriptionPlain)}</p>` : '')];
  for (const list of p.lists ?? []) {
    if (list.text) parts.push(`<h3>${escapeHtml(list.text)}</h3>`);
    if (list.content) parts.push(`<ul>${list.content}</ul>`);
  }
  if (p.additional) parts.push(p.additional);
  return descriptionOr(parts.join('\n'), p.text);
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
    const postings: Posting[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = `${base}/v0/postings/${encodeURIComponent(site)}?mode=json&skip=${page * LEVER_PAGE_SIZE}&limit=${LEVER_PAGE_SIZE}`;
      // A later page's 404 would mean the board vanished mid-pull: still "board not found".
      const batch = await getJson(url, z.array(Posting), ctx);
      postings.push(...batch);
      if (batch.length < LEVER_PAGE_SIZE || ctx.summaryOnly) break;
    }
    const company = ctx.company ?? site;
    const jobs = postings.map((p): IngestItemPosted => {
      const salary = p.salaryRange;
      return {
        action: 'posted',
        externalId: p.id,
        title: p.text,
        company,
        location: textOrNull(p.categories?.location ?? p.categories?.allLocations?.join(' / ')),
        workplace: WORKPLACES[(p.workplaceType ?? '').toLowerCase()] ?? null,
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
        descriptionHtml: descriptionOf(p),
        datePosted: isoDate(p.createdAt),
        applicationUrl: httpUrl(p.applyUrl) ?? httpUrl(p.hostedUrl) ?? p.hostedUrl,
        sourceUrl: httpUrl(p.hostedUrl),
      };
    });
    return { jobs };
  },
};
