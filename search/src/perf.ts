/**
 * Performance check of the PostgreSQL search index at 100,000 jobs: `npx tsx search/src/perf.ts`.
 * Creates a fresh database on DATABASE_URL's server (default: the local server as postgres), inserts synthetic
 * documents, then prints p50/p95 of direct calls (no HTTP) for the filtered feed, text search and suggestions.
 * Env: DATABASE_URL, PERF_DOCS (default 100000), PERF_RUNS (default 200 per kind), PERF_KEEP=1 keeps the database, PERF_DB=<kept name> measures it again without inserting.
 */
import pg from 'pg';
import type { JobSearchDocument, JobSearchQuery, SearchIndex } from '@jobs/contracts';
import { createPostgresSearchIndex } from './postgres';

pg.types.setTypeParser(20, (v) => Number(v));

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DOCS = Number(process.env.PERF_DOCS ?? 100_000);
const RUNS = Number(process.env.PERF_RUNS ?? 200);

/** mulberry32: a small deterministic generator, so every run measures the same data. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const SENIORITY = ['', 'Junior ', 'Senior ', 'Staff ', 'Lead ', 'Principal '];
const ROLES = [
  'Software Engineer',
  'Backend Engineer',
  'Frontend Developer',
  'Full Stack Developer',
  'Data Scientist',
  'Data Analyst',
  'Product Manager',
  'Product Designer',
  'DevOps Engineer',
  'Site Reliability Engineer',
  'QA Engineer',
  'Customer Support Specialist',
  'Account Executive',
  'Marketing Manager',
  'Content Writer',
  'Technical Recruiter',
  'Sales Development Representative',
  'Machine Learning Engineer',
  'Mobile Developer',
  'Security Engineer',
];
const SPECIALITY = ['', '', ' (React)', ' - Payments', ' - Platform', ' (Python)', ' - Growth'];
const SKILLS = [
  'TypeScript',
  'JavaScript',
  'React',
  'Node.js',
  'Python',
  'Django',
  'Go',
  'Rust',
  'Java',
  'Kotlin',
  'Swift',
  'PostgreSQL',
  'MySQL',
  'Redis',
  'Kafka',
  'AWS',
  'GCP',
  'Azure',
  'Kubernetes',
  'Docker',
  'Terraform',
  'GraphQL',
  'Figma',
  'SQL',
  'Tableau',
  'Excel',
  'Salesforce',
  'HubSpot',
  'Zendesk',
  'SEO',
  'Copywriting',
  'C++',
  'C#',
  'Ruby',
  'Rails',
  'PHP',
  'Laravel',
  'Vue',
  'Angular',
  'Svelte',
  'TensorFlow',
  'PyTorch',
  'Spark',
  'Airflow',
];
const PLACES: { location: string; country: string | null; continent: string | null }[] = [
  { location: 'New York, NY', country: 'United States', continent: 'North America' },
  { location: 'San Francisco, CA', country: 'United States', continent: 'North America' },
  { location: 'Austin, TX', country: 'United States', continent: 'North America' },
  { location: 'Remote (US)', country: 'United States', continent: 'North America' },
  { location: 'Toronto, Canada', country: 'Canada', continent: 'North America' },
  { location: 'London, United Kingdom', country: 'United Kingdom', continent: 'Europe' },
  { location: 'Berlin, Germany', country: 'Germany', continent: 'Europe' },
  { location: 'Paris, France', country: 'France', continent: 'Europe' },
  { location: 'Amsterdam, Netherlands', country: 'Netherlands', continent: 'Europe' },
  { location: 'Remote - Europe', country: null, continent: 'Europe' },
  { location: 'Lisbon, Portugal', country: 'Portugal', continent: 'Europe' },
  { location: 'Bangalore, India', country: 'India', continent: 'Asia' },
  { location: 'Singapore', country: 'Singapore', continent: 'Asia' },
  { location: 'Tokyo, Japan', country: 'Japan', continent: 'Asia' },
  { location: 'Sydney, Australia', country: 'Australia', continent: 'Oceania' },
  { location: 'São Paulo, Brazil', country: 'Brazil', continent: 'South America' },
  { location: 'Lagos, Nigeria', country: 'Nigeria', continent: 'Africa' },
  { location: 'Remote - Worldwide', country: null, continent: null },
  { location: 'Anywhere', country: null, continent: null },
];
const TYPES = ['Full-Time', 'Full-Time', 'Full-Time', 'Part-Time', 'Contract', 'Internship'];
const LEVELS = ['Entry', 'Mid-level', 'Mid-level', 'Senior', 'Senior', 'Lead'];
const INDUSTRIES = [
  'Technology',
  'Technology',
  'Finance',
  'Healthcare',
  'Education',
  'E-commerce',
  'Media',
  'Design',
];
const SYLLABLES = [
  'ac',
  'me',
  'glo',
  'bex',
  'ini',
  'tech',
  'um',
  'bre',
  'lla',
  'hoo',
  'li',
  'zen',
  'tra',
  'vo',
  'nex',
  'qua',
  'sol',
  'ar',
  'ka',
  'lu',
];
const COMPANIES = Array.from({ length: 3000 }, (_, i) => {
  const name = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`;
  return `${name[0]?.toUpperCase()}${name.slice(1)}${i % 3 === 0 ? ' Labs' : i % 3 === 1 ? '' : ' Inc'}`;
});
// Real descriptions have a large vocabulary: common filler words plus many rarer ones (made up from syllables here).
const RARE_WORDS = Array.from(
  { length: 5000 },
  () => `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(['', 'ing', 'ed', 'er', 's'])}`,
);
const WORDS =
  'we are looking for a motivated person to join our team and build products that customers love you will work with engineers designers and product managers on services that scale collaborate across time zones write clean code review pull requests mentor others and own features end to end experience with cloud infrastructure testing and continuous delivery is a plus'.split(
    ' ',
  );

function syntheticDoc(i: number): JobSearchDocument {
  const title = `${pick(SENIORITY)}${pick(ROLES)}${pick(SPECIALITY)}`;
  const place = pick(PLACES);
  const remote = random() < 0.7;
  const hybrid = !remote && random() < 0.5;
  const salaryMin = random() < 0.6 ? 40_000 + Math.floor(random() * 16) * 10_000 : null;
  const skills = [...new Set([pick(SKILLS), pick(SKILLS), pick(SKILLS)])];
  const description = Array.from({ length: 300 }, () => (random() < 0.5 ? pick(WORDS) : pick(RARE_WORDS)))
    .join(' ')
    .slice(0, 2000);
  const hex = i.toString(16).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    publicId: i + 1,
    slug: `job-${i + 1}`,
    title,
    company: pick(COMPANIES),
    companyLogo: null,
    location: place.location,
    country: place.country,
    continent: place.continent,
    isRemote: remote,
    isHybrid: hybrid,
    type: pick(TYPES),
    experienceLevel: pick(LEVELS),
    industry: pick(INDUSTRIES),
    salary: salaryMin ? `$${salaryMin / 1000}k+` : null,
    salaryMinUsd: salaryMin,
    salaryMaxUsd: salaryMin && random() < 0.8 ? salaryMin + 30_000 : null,
    skills,
    descriptionText: description,
    excerpt: description.slice(0, 200),
    datePosted: new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 180 * 86_400_000)).toISOString(),
    source: 'perf',
    workFromWorldwide: false,
    workFromCountries: [],
    utcMin: null,
    utcMax: null,
  };
}

const base: JobSearchQuery = { sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 20 };
const FEEDS: JobSearchQuery[] = [
  base,
  { ...base, page: 3 },
  { ...base, isRemote: true },
  { ...base, isRemote: false },
  { ...base, location: { kind: 'continent', continent: 'Europe', remoteOnly: false } },
  { ...base, location: { kind: 'continent', continent: 'Asia', remoteOnly: true } },
  { ...base, location: { kind: 'worldwideRemote' } },
  { ...base, location: { kind: 'place', value: 'United States' } },
  { ...base, location: { kind: 'place', value: 'Berlin' } },
  { ...base, type: 'Contract' },
  { ...base, experienceLevel: 'Senior', type: 'Full-Time' },
  { ...base, industry: 'Finance', isRemote: true },
  { ...base, salaryUsd: { min: 80_000, max: 120_000 } },
  { ...base, salaryUsd: { min: 150_000, max: null }, sortBy: 'title', sortOrder: 'asc' },
  { ...base, sortBy: 'company', sortOrder: 'desc', page: 2 },
  { ...base, sortBy: 'datePosted', sortOrder: 'asc', experienceLevel: 'Entry' },
];
const SEARCHES: JobSearchQuery[] = [
  'engineer',
  'senior react',
  'data',
  'python',
  'product manager',
  'devops',
  'sec',
  'kubernetes',
  'berlin',
  'machine learning',
  'customer support',
  'acmebex',
  'full stack developer',
  'c++',
  'enginer',
  'desiner',
].flatMap((text, i) => [
  { ...base, text, sortBy: 'relevance' as const },
  i % 2
    ? {
        ...base,
        text,
        isRemote: true,
        location: { kind: 'continent' as const, continent: 'Europe', remoteOnly: false },
      }
    : { ...base, text, type: 'Full-Time', page: 2 },
]);
const PREFIXES = [
  'se',
  'eng',
  'rea',
  'pro',
  'da',
  'cu',
  'pyth',
  'acm',
  'kub',
  'full st',
  'enginer',
  'zz',
  'ty',
  'ma',
  'devo',
  'sales',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(label: string, calls: (() => Promise<unknown>)[]): Promise<void> {
  for (const call of calls) await call(); // warm up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const call = calls[i % calls.length] as () => Promise<unknown>;
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(12)} p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms   max ${percentile(times, 100).toFixed(2)} ms`,
  );
}

async function main() {
  // PERF_DB names a database a previous run kept (PERF_KEEP=1): measure again without inserting.
  const reuse = process.env.PERF_DB;
  const name = reuse ?? `search_perf_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  try {
    const index: SearchIndex = createPostgresSearchIndex(pool);
    await index.ensureReady();
    const t0 = performance.now();
    for (let i = 0; !reuse && i < DOCS; i += 1000) {
      await index.upsert(Array.from({ length: Math.min(1000, DOCS - i) }, (_, k) => syntheticDoc(i + k)));
    }
    if (!reuse)
      console.log(`inserted ${DOCS} documents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await pool.query('vacuum analyze job_search');
    await pool.query('vacuum analyze job_suggestions');
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from job_suggestions');
    console.log(`${rows[0]?.n} suggestion terms`);

    await measure(
      'feed',
      FEEDS.map((q) => () => index.search(q)),
    );
    await measure(
      'search',
      SEARCHES.map((q) => () => index.search(q)),
    );
    await measure(
      'suggestions',
      PREFIXES.map((p) => () => index.suggest(p)),
    );

    if (process.env.PERF_DETAIL) {
      for (const q of [...FEEDS, ...SEARCHES]) {
        const t = performance.now();
        const r = await index.search(q);
        console.log(
          `${(performance.now() - t).toFixed(1).padStart(6)} ms total ${String(r.total).padStart(6)} ${JSON.stringify({ ...q, page: undefined, pageSize: undefined })}`,
        );
      }
      for (const p of PREFIXES) {
        const t = performance.now();
        const r = await index.suggest(p);
        console.log(`${(performance.now() - t).toFixed(1).padStart(6)} ms suggest ${p}: ${r.join(' | ')}`);
      }
    }
  } finally {
    await pool.end();
    if (!process.env.PERF_KEEP && !reuse) await admin.query(`drop database if exists "${name}" with (force)`);
    else console.log(`kept database ${name}`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
