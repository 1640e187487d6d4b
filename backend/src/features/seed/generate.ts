/**
 * A deterministic generator of realistic demo jobs: the same seed, count and `now` always give the
 * same items. The items are what an ingestion bot would send (IngestItemPosted), so the demo data
 * goes through the same normalisation as real jobs.
 */
import type { IngestItemPosted } from '@jobs/contracts/jobs';
import {
  BENEFITS,
  COMPANIES,
  LEVELS,
  LOCATIONS,
  ROLE_FAMILIES,
  VALUES,
  type Category,
  type RoleFamily,
  type SeedCompany,
  type SeedLocation,
} from './data';

export interface GenerateOptions {
  /** How many jobs. */
  count: number;
  /** PRNG seed (default 42). */
  seed?: number;
  /** The reference time; datePosted spreads over the 60 days before it (default: now). */
  now?: Date;
  /** Index of the first job (to generate in chunks with the same result as one call). */
  offset?: number;
}

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function pickWeighted<T extends { weight: number }>(random: Random, list: readonly T[]): T {
  const total = list.reduce((sum, item) => sum + item.weight, 0);
  let r = random() * total;
  for (const item of list) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return list[list.length - 1]!;
}

function sample<T>(random: Random, list: readonly T[], n: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, Math.min(n, copy.length));
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function companyWebsite(company: SeedCompany): string {
  // .example is reserved (RFC 2606): demo links never point at a real company.
  return `https://www.${slugify(company.name)}.example`;
}

export function companyDescription(company: SeedCompany): string {
  return (
    `${company.name} builds ${company.builds}. Founded in ${company.founded}, ` +
    `we are a team of ${company.size} people working in ${company.industry.toLowerCase()}.`
  );
}

const CATEGORY_INDUSTRY: Record<Category, string> = {
  engineering: 'Software Engineering',
  data: 'Data Science & Analytics',
  design: 'Product & Design',
  product: 'Product & Design',
  marketing: 'Marketing',
  sales: 'Sales',
  support: 'Customer Support',
  devops: 'DevOps & Infrastructure',
};

/** Titles that already say their level take no prefix. */
const HAS_LEVEL = /\b(Manager|Head|Director|VP|Lead|Intern|Owner)\b/;

function titleFor(random: Random, role: string): { title: string; level: (typeof LEVELS)[number] } {
  if (HAS_LEVEL.test(role)) return { title: role, level: LEVELS[4]! };
  const level = pickWeighted(random, LEVELS);
  return { title: `${level.prefix}${role}`, level };
}

/** Raw employment types as ATSs spell them; the normaliser maps them to our labels. */
const EMPLOYMENT_TYPES: { raw: string; weight: number; hourly?: boolean }[] = [
  { raw: 'Full-time', weight: 40 },
  { raw: 'FULL_TIME', weight: 15 },
  { raw: 'Full Time', weight: 10 },
  { raw: 'Part-time', weight: 5 },
  { raw: 'Contract', weight: 6, hourly: true },
  { raw: 'Contractor', weight: 3, hourly: true },
  { raw: '12-month contract', weight: 2 },
  { raw: '6-month contract', weight: 2, hourly: true },
  { raw: 'Freelance', weight: 3, hourly: true },
  { raw: 'Internship', weight: 2 },
  { raw: 'Temporary', weight: 1 },
  { raw: 'Apprenticeship', weight: 1 },
];

const SYMBOL: Partial<Record<SeedLocation['currency'], string>> = { USD: '$', EUR: '€', GBP: '£' };

function round(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function groupThousands(n: number): string {
  return n.toLocaleString('en-US');
}

type Salary = Pick<
  IngestItemPosted,
  'salary' | 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'
>;

function salaryFor(
  random: Random,
  family: RoleFamily,
  levelMultiplier: number,
  location: SeedLocation,
  hourly: boolean,
): Salary {
  const roll = random();
  if (roll < 0.28) return {}; // many postings have no salary
  const baseMin = family.salaryUsd[0] * levelMultiplier * location.payFactor * (0.9 + random() * 0.2);
  const baseMax = family.salaryUsd[1] * levelMultiplier * location.payFactor * (0.9 + random() * 0.2);
  const currency = location.currency;
  const symbol = SYMBOL[currency];

  if (hourly) {
    const min = round(baseMin / 2000, 5);
    const max = Math.max(min + 5, round(baseMax / 2000, 5));
    return symbol && random() < 0.6
      ? { salary: `${symbol}${min} - ${symbol}${max} / hour` }
      : { salaryMin: min, salaryMax: max, salaryCurrency: currency, salaryPeriod: 'HOUR' };
  }
  const step = currency === 'JPY' || currency === 'INR' || currency === 'KES' ? 100_000 : 5_000;
  const min = round(baseMin, step);
  const max = Math.max(min + step, round(baseMax, step));
  if (symbol && roll < 0.45)
    return { salary: `${symbol}${Math.round(min / 1000)}k - ${symbol}${Math.round(max / 1000)}k` };
  if (symbol && roll < 0.58)
    return { salary: `${symbol}${groupThousands(min)} – ${symbol}${groupThousands(max)} per year` };
  if (roll < 0.66 && (currency === 'BRL' || currency === 'INR' || currency === 'MXN' || currency === 'PLN')) {
    return {
      salaryMin: round(min / 12, 500),
      salaryMax: round(max / 12, 500),
      salaryCurrency: currency,
      salaryPeriod: 'MONTH',
    };
  }
  if (roll < 0.7) return { salaryMin: min, salaryCurrency: currency, salaryPeriod: 'YEAR' }; // 'from ...'
  return {
    salaryMin: min,
    salaryMax: max,
    salaryCurrency: currency,
    salaryPeriod: random() < 0.5 ? 'YEAR' : 'per-year-salary',
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;

function descriptionFor(
  random: Random,
  company: SeedCompany,
  family: RoleFamily,
  title: string,
  years: number,
  skills: string[],
  location: SeedLocation,
): string {
  const fill = (text: string) =>
    text
      .replace('{years}', String(years))
      .replace('{skill1}', skills[0] ?? 'modern tooling')
      .replace('{skill2}', skills[1] ?? 'cloud services');
  const where =
    location.workplace === 'remote'
      ? `This is a fully remote role (${location.text}).`
      : location.workplace === 'hybrid'
        ? `This is a hybrid role: two or three days a week in our ${location.text.replace(/^Hybrid - /, '')} office.`
        : `This role is based in our ${location.text} office.`;
  return [
    `<h2>About ${escapeHtml(company.name)}</h2>`,
    `<p>${escapeHtml(companyDescription(company))} ${escapeHtml(pick(random, VALUES))}</p>`,
    `<h2>The role</h2>`,
    `<p>We are looking for a <strong>${escapeHtml(title)}</strong> to join our ${escapeHtml(family.department)} team. ${escapeHtml(where)}</p>`,
    `<h3>Responsibilities</h3>`,
    list(sample(random, family.duties, 3 + Math.floor(random() * 3)).map(fill)),
    `<h3>Requirements</h3>`,
    list(sample(random, family.requirements, 3 + Math.floor(random() * 3)).map(fill)),
    ...(skills.length > 2
      ? [`<h3>Nice to have</h3>`, `<p>Experience with ${escapeHtml(skills.slice(2).join(', '))}.</p>`]
      : []),
    `<h3>Benefits</h3>`,
    list(sample(random, BENEFITS, 4 + Math.floor(random() * 4))),
    `<p>${escapeHtml(company.name)} is an equal-opportunity employer. We welcome applicants of every background.</p>`,
  ].join('');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job at position `index` of the seed's sequence: each job has its own PRNG stream, so chunks add up to the whole. */
export function generateJob(index: number, seed: number, now: Date): IngestItemPosted {
  const random = createRandom((seed * 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));
  const company = pick(random, COMPANIES);
  const family = pick(random, ROLE_FAMILIES);
  const { title, level } = titleFor(random, pick(random, family.roles));

  const wantsRemote = random() < company.remoteBias;
  const candidates = LOCATIONS.filter((l) =>
    wantsRemote ? l.workplace === 'remote' : l.workplace !== 'remote',
  );
  const location = pick(random, candidates);

  const employment = pickWeighted(random, EMPLOYMENT_TYPES);
  const skills = sample(random, family.skills, 3 + Math.floor(random() * 5));
  const salary = salaryFor(random, family, level.multiplier, location, employment.hourly === true);
  // Skewed towards recent days, like a live board.
  const ageMs = Math.floor(random() ** 1.6 * 60 * DAY_MS);
  const slug = slugify(company.name);
  const externalId = `seed-${seed}-${index}`;

  return {
    action: 'posted',
    externalId,
    title,
    company: company.name,
    companyLogo: null,
    companyDescription: companyDescription(company),
    companyWebsite: companyWebsite(company),
    companySize: company.size,
    location: location.text,
    // Bots send the ATS's flag about half the time; otherwise the normaliser infers it from the text.
    workplace: random() < 0.5 ? location.workplace : null,
    employmentType: employment.raw,
    industry: CATEGORY_INDUSTRY[family.category],
    department: family.department,
    ...salary,
    skills,
    descriptionHtml: descriptionFor(random, company, family, title, level.years, skills, location),
    datePosted: new Date(now.getTime() - ageMs).toISOString(),
    applicationUrl: `https://jobs.${slug}.example/apply/${externalId}`,
    sourceUrl: random() < 0.7 ? `https://jobs.${slug}.example/postings/${externalId}` : null,
  };
}

/** `count` jobs from `offset` (default 0) of the seed's sequence. */
export function generateJobs(options: GenerateOptions): IngestItemPosted[] {
  const seed = options.seed ?? 42;
  const now = options.now ?? new Date();
  const offset = options.offset ?? 0;
  return Array.from({ length: options.count }, (_, i) => generateJob(offset + i, seed, now));
}
