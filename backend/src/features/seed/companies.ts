/**
 * The demo companies: the curated ones first, then {@link GENERATED_COMPANIES} more built from word lists
 * ('Heron Health', 'Cobaltbrook Logistics', 'Okafor Payments'), each with a topic, products and a head
 * office. The same on every run: their PRNG has a fixed seed, independent of the jobs' seed.
 */
import { COMPANY_ROWS, COMPANY_TOPICS, SIZES, type SeedCompany } from './data';
import { slugify } from './slug';
import { createRandom, pick, pickZipf, type Random } from './random';
import { capitalise } from './text';
import { MAJOR_CITIES, PLACE_WORDS, PRODUCT_ENDINGS, TOPICS, TOPIC_BY_INDUSTRY, type Topic } from './topics';
import { vocabulary, type Vocabulary } from './vocabulary';

export const GENERATED_COMPANIES = 2500;

const TOPIC_BY_KEY = new Map(TOPICS.map((t) => [t.key, t]));

export function topicOf(company: SeedCompany): Topic {
  return TOPIC_BY_KEY.get(company.topic) ?? TOPICS[0]!;
}

/** Places, well-known cities first, then the long tail of the word lists. */
let placesCache: readonly string[] | undefined;
export function places(): readonly string[] {
  placesCache ??= [...new Set([...MAJOR_CITIES, ...vocabulary().cities])];
  return placesCache;
}

const PRODUCT_WORDS = [
  'One',
  'Go',
  'Studio',
  'Cloud',
  'Connect',
  'Insights',
  'Pro',
  'Hub',
  'Flow',
  'Console',
  'Mobile',
  'API',
];

function productNames(random: Random, v: Vocabulary, company: string, topic: Topic): string[] {
  const firstWord = company.split(/[\s&]+/)[0]!;
  const names = new Set<string>();
  const count = 1 + Math.floor(random() * 3);
  for (let attempt = 0; names.size < count && attempt < 10; attempt++) {
    const roll = random();
    if (roll < 0.45) {
      const stems =
        random() < 0.5 ? v.nameWords.filter((w) => w.length <= 6) : [...PLACE_WORDS, ...topic.suffixes];
      const stem = pick(random, stems);
      names.add(capitalise(stem.toLowerCase()) + pick(random, PRODUCT_ENDINGS));
    } else if (roll < 0.75) names.add(`${firstWord} ${pick(random, PRODUCT_WORDS)}`);
    else names.add(`${firstWord} ${pick(random, topic.teams)}`);
  }
  return [...names];
}

function companyName(random: Random, v: Vocabulary, topic: Topic): string {
  const suffix = pick(random, topic.suffixes);
  const word = pick(random, v.nameWords);
  const roll = random();
  if (roll < 0.3) return `${word} ${suffix}`;
  if (roll < 0.5)
    return `${word}${pick(random, PLACE_WORDS).toLowerCase()}${random() < 0.5 ? ` ${suffix}` : ''}`;
  if (roll < 0.68) return `${pick(random, v.lastNames)} ${suffix}`;
  if (roll < 0.78) return `${pick(random, v.lastNames)} & ${pick(random, v.lastNames)}`;
  if (roll < 0.88) return `${word} ${pick(random, PLACE_WORDS)} ${suffix}`;
  return `${pick(random, MAJOR_CITIES)} ${suffix}`;
}

function fillBuilds(random: Random, topic: Topic): string {
  return pick(random, topic.builds)
    .replace('{customers}', pick(random, topic.customers))
    .replace('{noun}', pick(random, topic.nouns));
}

function build(): SeedCompany[] {
  const v = vocabulary();
  const random = createRandom(0x5eed);
  const curated: SeedCompany[] = COMPANY_ROWS.map(([name, industry, builds, size, founded, remoteBias]) => {
    const topic = TOPIC_BY_KEY.get(COMPANY_TOPICS[name] ?? TOPIC_BY_INDUSTRY[industry] ?? 'devtools')!;
    return {
      name,
      industry,
      builds,
      size: SIZES[size]!,
      founded,
      remoteBias,
      topic: topic.key,
      products: productNames(random, v, name, topic),
      hq: pickZipf(random, places(), 5),
    };
  });
  const taken = new Set(curated.map((c) => slugify(c.name)));
  const generated: SeedCompany[] = [];
  while (generated.length < GENERATED_COMPANIES) {
    const topic = pick(random, TOPICS);
    const name = companyName(random, v, topic);
    const slug = slugify(name);
    if (!slug || taken.has(slug)) continue;
    taken.add(slug);
    generated.push({
      name,
      industry: topic.industry,
      builds: fillBuilds(random, topic),
      // Most companies are small, a few large.
      size: SIZES[Math.min(SIZES.length - 1, Math.floor(random() ** 1.8 * SIZES.length))]!,
      founded: 1995 + Math.floor(random() ** 0.6 * 29),
      remoteBias: Math.round((0.2 + random() * 0.8) * 10) / 10,
      topic: topic.key,
      products: productNames(random, v, name, topic),
      hq: pickZipf(random, places(), 5),
    });
  }
  return [...curated, ...generated];
}

let cached: SeedCompany[] | undefined;

/** Every demo company, curated first. Built on first use. */
export function companies(): readonly SeedCompany[] {
  cached ??= build();
  return cached;
}
