/**
 * Recruitee Careers Site API: GET https://{company}.recruitee.com/api/offers answers
 * `{ offers: [...] }` with explicit remote/hybrid/on_site flags and a structured salary.
 * A base URL override may hold `{board}` (the default does); without it, it names one site.
 * `country_code` and each of `locations[].country_code` go to `countries`; `category_code` is the
 * job's category.
 */
import { z } from 'zod';
import type { IngestItemPosted, Workplace } from '@jobs/contracts';
import {
  countryCodes,
  dateOrNote,
  descriptionOrNote,
  getJson,
  httpUrl,
  mapPostings,
  postingsOf,
  textOrNull,
  type Connector,
} from './types';

const Amount = z.union([z.number(), z.string()]).nullish();

const Offer = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  company_name: z.string().nullish(),
  department: z.string().nullish(),
  location: z.string().nullish(),
  city: z.string().nullish(),
  country: z.string().nullish(),
  country_code: z.string().nullish(),
  locations: z
    .array(z.object({ name: z.string().nullish(), country_code: z.string().nullish() }).loose())
    .nullish(),
  category_code: z.string().nullish(),
  remote: z.boolean().nullish(),
  hybrid: z.boolean().nullish(),
  on_site: z.boolean().nullish(),
  employment_type_code: z.string().nullish(),
  experience_code: z.string().nullish(),
  salary: z
    .object({ min: Amount, max: Amount, period: z.string().nullish(), currency: z.string().nullish() })
    .nullish(),
  published_at: z.string().nullish(),
  created_at: z.string().nullish(),
  careers_url: z.string(),
  careers_apply_url: z.string().nullish(),
  description: z.string().nullish(),
  requirements: z.string().nullish(),
});

/** Recruitee's codes ('fulltime', 'parttime', 'fulltime_permanent', 'internship', 'freelance'...). */
function employmentOf(code: string | null | undefined): string | null {
  if (!code) return null;
  const c = code.toLowerCase();
  if (c.startsWith('fulltime')) return 'Full-time';
  if (c.startsWith('parttime')) return 'Part-time';
  if (c.includes('intern')) return 'Internship';
  if (c.includes('freelance')) return 'Freelance';
  if (c.includes('contract') || c.includes('fixed_term')) return 'Contract';
  if (c.includes('temporary')) return 'Temporary';
  if (c.includes('volunteer')) return 'Volunteer';
  if (c.includes('apprentice')) return 'Apprenticeship';
  return code;
}

function workplaceOf(o: z.infer<typeof Offer>): Workplace | null {
  if (o.hybrid) return 'hybrid';
  if (o.remote) return 'remote';
  if (o.on_site) return 'on-site';
  return null;
}

function amount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value.replace(/[^\d.]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function recruiteeSiteUrl(board: string, baseUrl?: string | null): string {
  return (baseUrl || recruitee.defaultBaseUrl)
    .replace(/\/+$/, '')
    .replace('{board}', encodeURIComponent(board));
}

export const recruitee: Connector = {
  kind: 'recruitee',
  defaultBaseUrl: 'https://{board}.recruitee.com',
  async fetchBoard(board, ctx) {
    const url = `${recruiteeSiteUrl(board, ctx.baseUrl)}/api/offers`;
    const answer = await getJson(url, z.object({ offers: z.array(z.unknown()) }).loose(), ctx);
    const raws = postingsOf(answer, 'offers', url);
    const named = raws.map((r) => Offer.safeParse(r).data).find((o) => o?.company_name);
    const boardCompany = textOrNull(named?.company_name);
    const company = ctx.company ?? boardCompany ?? board;
    const { jobs, problems } = mapPostings(raws, Offer, {
      idKeys: ['id'],
      titleKeys: ['title'],
      map(o, notes): IngestItemPosted {
        const min = amount(o.salary?.min);
        const max = amount(o.salary?.max);
        const names = (o.locations ?? []).map((l) => l.name?.trim()).filter((n): n is string => !!n);
        return {
          action: 'posted',
          externalId: String(o.id),
          title: o.title,
          company,
          location: textOrNull(
            o.location ?? (names.length ? names.join(' / ') : [o.city, o.country].filter(Boolean).join(', ')),
          ),
          countries: countryCodes([o.country_code, ...(o.locations ?? []).map((l) => l.country_code)], notes),
          workplace: workplaceOf(o),
          department: textOrNull(o.department),
          employmentType: employmentOf(o.employment_type_code),
          experienceLevel: textOrNull(o.experience_code),
          industry: textOrNull(o.category_code?.replace(/_/g, ' ')),
          ...(min !== null || max !== null
            ? {
                salaryMin: min,
                salaryMax: max,
                salaryCurrency: textOrNull(o.salary?.currency),
                salaryPeriod: textOrNull(o.salary?.period),
              }
            : {}),
          descriptionHtml: descriptionOrNote(
            [o.description, o.requirements].filter((p) => p?.trim()).join('\n'),
            o.title,
            notes,
          ),
          datePosted: dateOrNote(o.published_at ?? o.created_at, 'published_at', notes),
          applicationUrl: httpUrl(o.careers_apply_url) ?? httpUrl(o.careers_url) ?? o.careers_url,
          sourceUrl: httpUrl(o.careers_url),
        };
      },
    });
    return { ...(boardCompany ? { company: boardCompany } : {}), jobs, problems };
  },
};
