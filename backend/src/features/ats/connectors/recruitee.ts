/**
 * Recruitee Careers Site API: GET https://{company}.recruitee.com/api/offers answers
 * `{ offers: [...] }` with explicit remote/hybrid/on_site flags and a structured salary.
 * A base URL override may hold `{board}` (the default does); without it, it names one site.
 */
import { z } from 'zod';
import type { IngestItemPosted, Workplace } from '@jobs/contracts';
import { descriptionOr, getJson, httpUrl, isoDate, textOrNull, type Connector } from './types';

const Amount = z.union([z.number(), z.string()]).nullish();

const Offer = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  company_name: z.string().nullish(),
  department: z.string().nullish(),
  location: z.string().nullish(),
  city: z.string().nullish(),
  country: z.string().nullish(),
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

const Offers = z.object({ offers: z.array(Offer) });

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
    const data = await getJson(`${recruiteeSiteUrl(board, ctx.baseUrl)}/api/offers`, Offers, ctx);
    const boardCompany = textOrNull(data.offers.find((o) => o.company_name)?.company_name);
    const company = ctx.company ?? boardCompany ?? board;
    const jobs = data.offers.map((o): IngestItemPosted => {
      const min = amount(o.salary?.min);
      const max = amount(o.salary?.max);
      return {
        action: 'posted',
        externalId: String(o.id),
        title: o.title,
        company,
        location: textOrNull(o.location ?? [o.city, o.country].filter(Boolean).join(', ')),
        workplace: workplaceOf(o),
        department: textOrNull(o.department),
        employmentType: employmentOf(o.employment_type_code),
        experienceLevel: textOrNull(o.experience_code),
        ...(min !== null || max !== null
          ? {
              salaryMin: min,
              salaryMax: max,
              salaryCurrency: textOrNull(o.salary?.currency),
              salaryPeriod: textOrNull(o.salary?.period),
            }
          : {}),
        descriptionHtml: descriptionOr(
          [o.description, o.requirements].filter((p) => p?.trim()).join('\n'),
          o.title,
        ),
        datePosted: isoDate(o.published_at ?? o.created_at),
        applicationUrl: httpUrl(o.careers_apply_url) ?? httpUrl(o.careers_url) ?? o.careers_url,
        sourceUrl: httpUrl(o.careers_url),
      };
    });
    return { ...(boardCompany ? { company: boardCompany } : {}), jobs };
  },
};
