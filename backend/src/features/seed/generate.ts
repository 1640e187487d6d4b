/**
 * A deterministic generator of realistic demo jobs: the same seed, count and `now` always give the
 * same items. The items are what an ingestion bot would send (IngestItemPosted), so the demo data
 * goes through the same normalisation as real jobs. Descriptions run 200 to 800 words, in the sections of
 * real postings, with sentences whose slots take words of the right kind from package word lists
 * (vocabulary.ts), drawn Zipf-wise: a few words are everywhere, a long tail of names, places, products and
 * technologies is rare, as in real postings.
 */
import type { IngestItemPosted } from '@jobs/contracts/jobs';
import { companies, places, topicOf } from './companies';
import {
  BENEFITS,
  LEVELS,
  LOCATIONS,
  ROLE_FAMILIES,
  VALUES,
  type Category,
  type RoleFamily,
  type SeedCompany,
  type SeedLocation,
} from './data';
import {
  createRandom,
  pick,
  pickWeighted,
  pickZipf,
  sample,
  sampleZipf,
  zipfIndex,
  type Random,
} from './random';
import { slugify } from './slug';
import {
  ABOUT,
  CLOSINGS,
  HIRING_STEPS,
  HOW_WE_WORK,
  NICE_TO_HAVE,
  TECH_NICE_TO_HAVE,
  PRODUCT,
  ROLE_MORE,
  ROLE_OPENERS,
  TEAM,
  WEEKDAYS,
} from './templates';
import { articleFor, countWords, escapeHtml, joinList } from './text';
import { MAJOR_CITIES, type Topic } from './topics';
import { vocabulary } from './vocabulary';

export { createRandom } from './random';
export { slugify } from './slug';

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

export function companyWebsite(company: SeedCompany): string {
  // .example is reserved (RFC 2606): demo links never point at a real company.
  return `https://www.${companySlugOf(company)}.example`;
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
  finance: 'Finance',
  people: 'HR',
  operations: 'Operations',
  clinical: 'Healthcare',
  teaching: 'Education',
};

const PRODUCT_TEAM_FAMILIES = new Set<Category>(['engineering', 'data', 'devops', 'design', 'product']);

/** Roles that already name their platform or language take no '(Go)'. */
const NAMES_ITS_STACK =
  /\b(iOS|Android|Mobile|Go|Python|Ruby|Java|TypeScript|Rust|PHP|C\+\+|\.NET|Flutter|Elixir|Scala|Frontend|Embedded|Firmware|Game|Graphics|Web|Search|Security|QA|Test)\b|\.NET/;

/** Titles that already say their level take no prefix. */
const HAS_LEVEL = /\b(Manager|Head|Director|VP|Lead|Intern|Owner|Chief|Assistant|Coordinator)\b/;

function titleFor(
  random: Random,
  family: RoleFamily,
  team: string,
): { title: string; level: (typeof LEVELS)[number] } {
  const role = pick(random, family.roles);
  const level = HAS_LEVEL.test(role) ? LEVELS[4]! : pickWeighted(random, LEVELS);
  const base = HAS_LEVEL.test(role) ? role : `${level.prefix}${role}`;
  // About a quarter of real titles name a team or a speciality: 'Senior Site Reliability Engineer, Payments'.
  const roll = random();
  // Product teams name the titles of the people who build the product; sales and finance have their own.
  if (roll < 0.14 && PRODUCT_TEAM_FAMILIES.has(family.category)) return { title: `${base}, ${team}`, level };
  if (roll < 0.24 && family.specialisations && !role.includes('(') && !NAMES_ITS_STACK.test(role)) {
    const speciality = pick(random, family.specialisations);
    if (!role.includes(speciality)) return { title: `${base} (${speciality})`, level };
  }
  return { title: base, level };
}

/** Families a company can hire for, with their weights. */
function familyFor(random: Random, topic: Topic): RoleFamily {
  const open = ROLE_FAMILIES.filter((f) => !f.topics || f.topics.includes(topic.key));
  return pickWeighted(random, open);
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

/** 1234567 -> '1,234,567' (as toLocaleString('en-US'), which is slow enough to matter at a million jobs). */
function groupThousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
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

const PRODUCT_FALLBACK_WORDS = ['Connect', 'Insights', 'Mobile', 'API'];

const TECHNICAL = new Set<Category>(['engineering', 'devops', 'data']);

/** The technologies a company's texts mention: the role families' first, then Linguist's long tail. */
const TECH_HEAD = [
  ...new Set(
    ROLE_FAMILIES.filter((f) => ['engineering', 'devops', 'data'].includes(f.category)).flatMap(
      (f) => f.skills,
    ),
  ),
];

/** What one job's sentences are about; `slot` fills a template's {slots} from it. */
class Writer {
  readonly v = vocabulary();
  readonly places = places();
  constructor(
    readonly random: Random,
    readonly company: SeedCompany,
    readonly topic: Topic,
    readonly family: RoleFamily,
    readonly title: string,
    readonly years: number,
    readonly skills: string[],
    readonly team: string,
  ) {}

  private person(): string {
    return `${pickZipf(this.random, this.v.firstNames, 20)} ${pickZipf(this.random, this.v.lastNames, 20)}`;
  }

  /** Another company: a customer or a partner. */
  private otherCompany(): SeedCompany {
    const all = companies();
    for (;;) {
      const other = all[zipfIndex(this.random, all.length, 15)]!;
      if (other !== this.company) return other;
    }
  }

  tech(): string {
    return this.random() < 0.75
      ? pickZipf(this.random, TECH_HEAD, 2)
      : pickZipf(this.random, this.v.languages, 5);
  }

  private slot(name: string): string {
    const r = this.random;
    switch (name) {
      case 'company':
        return this.company.name;
      case 'product':
        return pick(r, this.company.products);
      case 'product2':
        return this.company.products.length > 1
          ? this.company.products[this.company.products.length - 1]!
          : `${this.company.products[0]} ${pick(r, PRODUCT_FALLBACK_WORDS)}`;
      case 'codename':
        return `Project ${pickZipf(r, this.v.nameWords, 10)}`;
      case 'customers':
        return pick(r, this.topic.customers);
      case 'noun':
      case 'noun2':
        return pick(r, this.topic.nouns);
      case 'team':
        return this.team;
      case 'tech':
      case 'tech2':
        return this.tech();
      case 'tool':
      case 'tool2':
        return pick(r, this.family.skills);
      case 'skill1':
        return this.skills[0] ?? 'modern tooling';
      case 'skill2':
        return this.skills[1] ?? 'cloud services';
      case 'city':
      case 'city2':
      case 'city3':
        return pickZipf(r, this.places, 3);
      case 'country':
      case 'country2':
        return pickZipf(r, this.v.countries, 3);
      case 'bigCity':
        return pick(r, MAJOR_CITIES);
      case 'hq':
        return this.company.hq;
      case 'person':
      case 'recruiter':
        return this.person();
      case 'first':
      case 'first2':
        return pickZipf(r, this.v.firstNames, 20);
      case 'client':
      case 'client2':
      case 'client3':
        return this.otherCompany().name;
      case 'partner':
      case 'partner2':
      case 'partner3':
        return pick(r, this.otherCompany().products);
      case 'roster':
        return joinList(
          Array.from(
            { length: 3 + Math.floor(r() * 3) },
            () => `${this.person()} (${pick(r, this.family.roles).replace(/ \(.*\)$/, '')})`,
          ),
        );
      case 'clientRole':
        return pick(r, pick(r, ROLE_FAMILIES).managers);
      case 'street':
        return pickZipf(r, this.v.streets, 10);
      case 'pet':
        return pickZipf(r, this.v.petNames, 3);
      case 'breed':
        return pickZipf(r, this.v.topics.breeds, 5);
      case 'book':
        return pickZipf(r, this.v.books, 5);
      case 'dish':
        return pickZipf(r, this.v.topics.dishes, 3);
      case 'language':
      case 'language2':
        return pickZipf(r, this.v.spokenLanguages, 3);
      case 'manager':
        return pick(r, this.family.managers);
      case 'title':
        return this.title;
      case 'department':
        return this.family.department;
      case 'years':
        return String(this.years);
      case 'founded':
        return String(this.company.founded);
      case 'n':
        return String(2 + Math.floor(r() * 38));
      case 'big':
        return groupThousands(round(300 + r() ** 3 * 250_000, 100));
      case 'pct':
        return String(10 + Math.floor(r() * 80));
      case 'weekday':
        return pick(r, WEEKDAYS);
      default:
        throw new Error(`seed template: unknown slot {${name}}`);
    }
  }

  /** Words of the last `fill`: the template's own (counted once) plus its slots'. */
  words = 0;

  /** A template with its slots filled, and an 'a' before a slot agreeing with the word that fills it. */
  fill(template: string): string {
    const compiled = compile(template);
    let text = compiled.texts[0]!;
    let words = compiled.words;
    for (let i = 0; i < compiled.slots.length; i++) {
      const value = this.slot(compiled.slots[i]!);
      words += countWords(value);
      const article = compiled.articles[i];
      if (article) {
        const agreed = articleFor(value);
        text += article === 'A' ? agreed[0]!.toUpperCase() + agreed.slice(1) : agreed;
        text += ' ';
      }
      text += value + compiled.texts[i + 1]!;
    }
    this.words = words;
    return text;
  }
}

/** A template split once: texts around its slots, each slot's article ('a' or 'A' before it, else ''). */
interface Compiled {
  texts: string[];
  slots: string[];
  articles: string[];
  words: number;
}

const COMPILED = new Map<string, Compiled>();

function compile(template: string): Compiled {
  let compiled = COMPILED.get(template);
  if (compiled) return compiled;
  compiled = { texts: [], slots: [], articles: [], words: countWords(template.replace(/\{\w+\}/g, ' ')) };
  const pattern = /(\b([Aa])n? )?\{(\w+)\}/g;
  let last = 0;
  for (let m = pattern.exec(template); m; m = pattern.exec(template)) {
    compiled.texts.push(template.slice(last, m.index));
    compiled.articles.push(m[2] ?? '');
    compiled.slots.push(m[3]!);
    last = m.index + m[0].length;
  }
  compiled.texts.push(template.slice(last));
  COMPILED.set(template, compiled);
  return compiled;
}

const paragraph = (sentences: string[]) =>
  sentences.length ? `<p>${escapeHtml(sentences.join(' '))}</p>` : '';
const list = (items: string[], tag = 'ul') =>
  items.length ? `<${tag}>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</${tag}>` : '';

/** Sentences of one kind, in a random order (after `first`, if given), each used once, at most `max`. */
class Source {
  private next = 0;
  private readonly order: string[];
  constructor(random: Random, templates: readonly string[], max: number, first?: string) {
    const rest = first === undefined ? templates : templates.filter((t) => t !== first);
    this.order = sample(random, rest, max);
    if (first !== undefined) this.order.unshift(first);
    this.order.length = Math.min(this.order.length, max);
  }
  take(): string | undefined {
    return this.order[this.next++];
  }
}

/** How we work, and the values the old generator had, without the sentences both have. */
const HOW_WE_WORK_AND_VALUES = [...new Set([...HOW_WE_WORK, ...VALUES])];

/** The longest description, in words: real postings rarely run longer. */
const MAX_WORDS = 790;
const HIRING_INDICES = HIRING_STEPS.map((_, i) => i);

type Part =
  'about' | 'product' | 'role' | 'duties' | 'reqs' | 'nice' | 'team' | 'how' | 'benefits' | 'hiring';

/**
 * A description of about `target` words (200 to 800): the sections every posting has, then more sentences
 * and optional sections (the product, the team, how we work, the hiring process) until it is long enough.
 */
function descriptionFor(w: Writer, location: SeedLocation, target: number): string {
  const { random, company, family } = w;
  const where =
    location.workplace === 'remote'
      ? `This is a fully remote role (${location.text}).`
      : location.workplace === 'hybrid'
        ? `This is a hybrid role: two or three days a week in our ${location.text.replace(/^Hybrid - /, '')} office.`
        : `This role is based in our ${location.text} office.`;
  const sources: Record<Part, Source> = {
    about: new Source(random, ABOUT, 5),
    // The flagship sentence opens the paragraph when the product has one.
    product: new Source(random, PRODUCT, 6, PRODUCT[0]),
    role: new Source(random, ROLE_MORE, 3),
    duties: new Source(random, family.duties, 9),
    reqs: new Source(random, family.requirements, 8),
    nice: new Source(
      random,
      TECHNICAL.has(family.category) ? [...NICE_TO_HAVE, ...TECH_NICE_TO_HAVE] : NICE_TO_HAVE,
      5,
    ),
    team: new Source(random, TEAM, 5),
    how: new Source(random, HOW_WE_WORK_AND_VALUES, 5),
    benefits: new Source(random, BENEFITS, 9),
    hiring: new Source(random, [], 0),
  };
  const parts: Record<Part, string[]> = {
    about: [],
    product: [],
    role: [],
    duties: [],
    reqs: [],
    nice: [],
    team: [],
    how: [],
    benefits: [],
    hiring: [],
  };
  const aboutFirst = companyDescription(company);
  let words = countWords(`${aboutFirst} ${where}`) + 12; // + headings
  const opener = w.fill(pick(random, ROLE_OPENERS));
  words += w.words;
  const closing = w.fill(pick(random, CLOSINGS));
  words += w.words;
  const extraSkills = w.skills.slice(2);
  if (extraSkills.length) words += countWords(extraSkills.join(' ')) + 4;
  /** Adds a sentence or item to `part` if it keeps the posting within MAX_WORDS; false when `part` is done. */
  const add = (part: Part): boolean => {
    if (part === 'hiring') {
      // A whole process, its steps in order: 3 to 5 of them.
      const steps = sample(random, HIRING_INDICES, 3 + Math.floor(random() * 3)).sort((a, b) => a - b);
      let stepWords = 2;
      const texts = steps.map((step) => {
        const text = w.fill(HIRING_STEPS[step]!);
        stepWords += w.words;
        return text;
      });
      if (words + stepWords <= MAX_WORDS) {
        parts.hiring.push(...texts);
        words += stepWords;
      }
      return false;
    }
    const template = sources[part].take();
    if (template === undefined) return false;
    const text = w.fill(template);
    const more = w.words + (parts[part].length === 0 ? 3 : 0);
    if (words + more > MAX_WORDS) return false;
    parts[part].push(text);
    words += more;
    return true;
  };
  // Technical postings often list their stack.
  const stack: string[] = [];
  if (TECHNICAL.has(family.category) && random() < 0.7) {
    for (let i = 5 + Math.floor(random() * 5); i > 0; i--) {
      const tech = w.tech();
      if (!stack.includes(tech)) stack.push(tech);
    }
    words += countWords(stack.join(' ')) + 2;
  }
  // What every posting has.
  add('about');
  for (let i = 0; i < 3; i++) add('duties');
  for (let i = 0; i < 3; i++) add('reqs');
  for (let i = 0; i < 3; i++) add('benefits');
  // Then more, in a random mix, until the posting reaches its length.
  const growth: { part: Part; weight: number }[] = [
    { part: 'about', weight: 2 },
    { part: 'product', weight: 3 },
    { part: 'role', weight: 2 },
    { part: 'duties', weight: 4 },
    { part: 'reqs', weight: 3 },
    { part: 'nice', weight: 2 },
    { part: 'team', weight: 2 },
    { part: 'how', weight: 2 },
    { part: 'benefits', weight: 3 },
    { part: 'hiring', weight: 2 },
  ];
  while (words < target && growth.length) {
    const choice = pickWeighted(random, growth);
    if (!add(choice.part)) growth.splice(growth.indexOf(choice), 1);
  }
  const example =
    parts.product.length && w.topic.examples && random() < 0.6
      ? w.fill(
          w.topic.examples.sentence.replace(
            '{examples}',
            joinList(sampleZipf(random, w.v.topics[w.topic.examples!.list], 2, 3)),
          ),
        )
      : undefined;
  const section = (heading: string, body: string) => (body ? `<h3>${heading}</h3>${body}` : '');
  return [
    `<h2>About ${escapeHtml(company.name)}</h2>`,
    paragraph([aboutFirst, ...parts.about]),
    parts.product.length
      ? `<h3>What we build</h3>${paragraph(example ? [...parts.product, example] : parts.product)}`
      : '',
    `<h2>The role</h2>`,
    // The title in bold, as ATS templates often have it.
    `<p>${escapeHtml(opener).replace(escapeHtml(w.title), `<strong>${escapeHtml(w.title)}</strong>`)} ${escapeHtml(where)}${parts.role.length ? ` ${escapeHtml(parts.role.join(' '))}` : ''}</p>`,
    section('Responsibilities', list(parts.duties)),
    section('Requirements', list(parts.reqs)),
    extraSkills.length || parts.nice.length
      ? section(
          'Nice to have',
          (extraSkills.length ? `<p>${escapeHtml(`Experience with ${joinList(extraSkills)}.`)}</p>` : '') +
            list(parts.nice),
        )
      : '',
    stack.length ? section('Our stack', `<p>${escapeHtml(`${stack.join(', ')}.`)}</p>`) : '',
    section('The team', paragraph(parts.team)),
    section('How we work', paragraph(parts.how)),
    section('Benefits', list(parts.benefits)),
    section('Hiring process', list(parts.hiring, 'ol')),
    // Under its own heading, so the job page does not read it as one more benefit.
    `<h3>Equal opportunity</h3>`,
    paragraph([closing]),
  ].join('');
}

const DAY_MS = 24 * 60 * 60 * 1000;

const SLUGS = new Map<SeedCompany, string>();
function companySlugOf(company: SeedCompany): string {
  let slug = SLUGS.get(company);
  if (slug === undefined) SLUGS.set(company, (slug = slugify(company.name)));
  return slug;
}

/** The job at position `index` of the seed's sequence: each job has its own PRNG stream, so chunks add up to the whole. */
export function generateJob(index: number, seed: number, now: Date): IngestItemPosted {
  const random = createRandom((seed * 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));
  const all = companies();
  // A few companies post a lot, most a little (Zipf, flattened so no company has more than ~1% of the jobs).
  const company = all[zipfIndex(random, all.length, 15)]!;
  const topic = topicOf(company);
  const family = familyFor(random, topic);
  // Product teams belong to the company's trade; the other families work in their department.
  const team = PRODUCT_TEAM_FAMILIES.has(family.category) ? pick(random, topic.teams) : family.department;
  const { title, level } = titleFor(random, family, team);

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
  const slug = companySlugOf(company);
  const externalId = `seed-${seed}-${index}`;
  const writer = new Writer(random, company, topic, family, title, level.years, skills, team);
  // Technical roles sometimes list a rarer language among their skills.
  if (TECHNICAL.has(family.category) && random() < 0.2) {
    const language = pickZipf(random, writer.v.languages, 5);
    if (!skills.includes(language)) skills.push(language);
  }
  // Lengths between 230 and 770 words, most of them short to middling, like real postings.
  const target = 230 + Math.floor(540 * random() ** 1.4);

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
    descriptionHtml: descriptionFor(writer, location, target),
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
