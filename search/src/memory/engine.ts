import type { JobSearchQuery, JobSearchResult } from '@jobs/contracts';
import {
  normalizeKey,
  paging,
  searchWords,
  suggestionTerms,
  wholeWordsPattern,
  WORLDWIDE_PATTERN,
} from '../text';
import {
  andInto,
  andNotInto,
  BitsPool,
  clearBit,
  countBits,
  forEachSet,
  grown,
  hasBit,
  orInto,
  setBit,
  wordsFor,
  type Bits,
} from './bitset';
import { SortOrders, type OrderName } from './orders';
import { Postings } from './postings';
import { SuggestionIndex } from './suggest';
import { Dictionary, typoBudget, type Derivation, type PrefixSet, type TermEntry } from './terms';

/** What the embedded index keeps of a job: what filters, sorts and matches text (the API loads the rest). */
export interface IndexedJob {
  id: string;
  title: string;
  company: string;
  location: string;
  country: string | null;
  continent: string | null;
  isRemote: boolean;
  isHybrid: boolean;
  type: string;
  experienceLevel: string;
  industry: string;
  salaryMinUsd: number | null;
  salaryMaxUsd: number | null;
  skills: string[];
  descriptionText: string;
  /** ISO date-time. */
  datePosted: string;
  /** Open to applicants anywhere. */
  workFromWorldwide: boolean;
  /** ISO alpha-2 codes of the countries applicants may work from (besides worldwide). */
  workFromCountries: string[];
  /** UTC offsets (hours) the work needs, or null when unknown. */
  utcMin: number | null;
  utcMax: number | null;
}

/**
 * The four texts a job's words come from, in the order they are indexed: the title; the company and skills; the
 * location, country and continent; the description. One definition for the engine and the tokeniser (tokens.ts).
 */
export function textFields(job: IndexedJob): [string, string, string, string] {
  return [
    job.title,
    job.skills.length ? `${job.company} ${job.skills.join(' ')}` : job.company,
    `${job.location} ${job.country ?? ''} ${job.continent ?? ''}`,
    job.descriptionText,
  ];
}

/**
 * The words of the `at`-th job of a page cut elsewhere (tokens.ts), as ids into `resolver.terms`: from the end of
 * the job before (`ends[4 * at - 1]`, 0 for the first) to `ends[4 * at]` the title's, then to `ends[4 * at + 1]`
 * the company's and skills', `+ 2` the location's, `+ 3` the description's (each description word once).
 */
export interface JobWords {
  resolver: TermResolver;
  ids: Int32Array;
  ends: Int32Array;
  at: number;
}

/** The terms of one tokeniser (id → term) and the engine's entries of those seen so far (id → entry). */
export interface TermResolver {
  terms: string[];
  entries: (TermEntry | undefined)[];
}

/** Strings stored once, each with a small id (locations, countries and the equality filters' values). */
export class Interner {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.ids.get(value);
  }
  clear(): void {
    this.values.length = 0;
    this.ids.clear();
  }
}

const REMOTE = 1;
const HYBRID = 2;
const WORLDWIDE = 4;
/** workFromWorldwide (WORLDWIDE above is the older place rule: remote with no continent, or 'worldwide' in the text). */
const WORK_ANYWHERE = 8;
const FLAGS = [REMOTE, HYBRID, WORLDWIDE, WORK_ANYWHERE];

const NONE = -1;

/** The equality filters: one bitset per value. */
export type FacetName = 'continent' | 'experience' | 'type' | 'industry';
export const FACETS: readonly FacetName[] = ['continent', 'experience', 'type', 'industry'];

/** Field weights for relevance, per query word: the best field it matches in (PostgreSQL's A, B, C, D). */
const WEIGHT_TITLE = 3;
const WEIGHT_COMPANY_SKILLS = 2;
const WEIGHT_LOCATION = 1;

/** Maintained prefix sets may use this much memory in all (least recently used go first). */
const PREFIX_SET_BUDGET_BYTES = 256 * 1024 * 1024;

type PostingsData = { ids: Int32Array } | { bits: Bits };

/** Everything the engine holds, as plain data (snapshot.ts writes and reads it). */
export interface EngineState {
  capacity: number;
  used: number;
  free: Int32Array;
  dead: Int32Array;
  live: Bits;
  /** Per slot below `used` ('' for a free or removed slot). */
  ids: string[];
  titleKey: string[];
  companyKey: string[];
  suggestKeys: string[];
  date: Float64Array;
  salaryLo: Float64Array;
  salaryHi: Float64Array;
  locationId: Int32Array;
  countryId: Int32Array;
  facetId: Record<FacetName, Int32Array>;
  flags: Uint8Array;
  /** Per slot: the ISO codes applicants may work from, space-separated; and the stated UTC range (NaN: none). */
  workFromCountries: string[];
  utcMin: Float64Array;
  utcMax: Float64Array;
  locations: string[];
  countries: string[];
  facetValues: Record<FacetName, string[]>;
  /** Sorted; with each term its postings over all fields, then title, company and skills, location (or null). */
  terms: string[];
  postings: [PostingsData, PostingsData | null, PostingsData | null, PostingsData | null][];
  suggestions: [string, string, number][];
  orders: { date: Int32Array; title: Int32Array; company: Int32Array };
}

export interface EngineStats {
  documents: number;
  slots: number;
  deadSlots: number;
  terms: number;
  prefixSets: number;
  suggestionKeys: number;
}

/**
 * The embedded search index: an inverted index in this process's memory, with bitset algebra for filters and
 * text, exact counts, and the sort orders kept as permutations. Updates are a removal and an insertion; removed
 * slots stay in the postings until `compact` sweeps them.
 */
export class MemoryEngine {
  private capacity = 0;
  private words = 0;
  /** Slots used so far; slots below it are live or dead (waiting for compaction) or free. */
  private used = 0;
  private free: number[] = [];
  private dead: number[] = [];
  live: Bits = new Uint32Array(0);
  private readonly slotOf = new Map<string, number>();
  readonly idOf: string[] = [];
  private date = new Float64Array(0);
  readonly titleKey: string[] = [];
  readonly companyKey: string[] = [];
  private suggestKeys: string[] = [];
  private locationId = new Int32Array(0);
  private countryId = new Int32Array(0);
  private facetId: Record<FacetName, Int32Array> = {
    continent: new Int32Array(0),
    experience: new Int32Array(0),
    type: new Int32Array(0),
    industry: new Int32Array(0),
  };
  private flags = new Uint8Array(0);
  private salaryLo = new Float64Array(0);
  private salaryHi = new Float64Array(0);

  readonly locations = new Interner();
  readonly countries = new Interner();
  readonly facetValues: Record<FacetName, Interner> = {
    continent: new Interner(),
    experience: new Interner(),
    type: new Interner(),
    industry: new Interner(),
  };
  private facetBits: Record<FacetName, Bits[]> = { continent: [], experience: [], type: [], industry: [] };
  private flagBits: Record<number, Bits> = {
    [REMOTE]: new Uint32Array(0),
    [HYBRID]: new Uint32Array(0),
    [WORLDWIDE]: new Uint32Array(0),
    [WORK_ANYWHERE]: new Uint32Array(0),
  };
  /** Per slot: the countries applicants may work from ('DE US'), and per country the slots that allow it. */
  private workFromCountries: string[] = [];
  private workFromBits = new Map<string, Bits>();
  private utcMin = new Float64Array(0);
  private utcMax = new Float64Array(0);

  readonly dict = new Dictionary();
  readonly suggestions = new SuggestionIndex();
  private readonly prefixSets = new Map<string, PrefixSet>();
  private clock = 0;
  private stamp = 0;
  private readonly pool = new BitsPool(0);
  readonly orders: SortOrders;
  /** Moves on every change (callers cache what they derive from answers under it). */
  version = 0;
  private compaction: { entries: IterableIterator<TermEntry>; slots: number[] } | null = null;

  /** How pages are read: by cost (default), or always one way (tests check both against a model). */
  private readonly paging: 'auto' | 'walk' | 'rank';

  constructor(options: { capacity?: number; paging?: 'auto' | 'walk' | 'rank' } = {}) {
    this.paging = options.paging ?? 'auto';
    // Getters: the columns are replaced when the index grows.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const engine = this;
    this.orders = new SortOrders({
      live: (s) => hasBit(engine.live, s),
      get date() {
        return engine.date;
      },
      id: this.idOf,
      titleKey: this.titleKey,
      companyKey: this.companyKey,
    });
    this.grow(Math.max(1024, options.capacity ?? 0));
  }

  get size(): number {
    return this.slotOf.size;
  }

  stats(): EngineStats {
    return {
      documents: this.slotOf.size,
      slots: this.used,
      deadSlots: this.dead.length + (this.compaction?.slots.length ?? 0),
      terms: this.dict.size,
      prefixSets: this.prefixSets.size,
      suggestionKeys: this.suggestions.size,
    };
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  // ---- storage

  private grow(capacity: number): void {
    if (capacity <= this.capacity) return;
    const words = wordsFor(capacity);
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.date = f64(this.date);
    this.utcMin = f64(this.utcMin);
    this.utcMax = f64(this.utcMax);
    for (const [code, bits] of this.workFromBits) this.workFromBits.set(code, grown(bits, words));
    this.salaryLo = f64(this.salaryLo);
    this.salaryHi = f64(this.salaryHi);
    this.locationId = i32(this.locationId);
    this.countryId = i32(this.countryId);
    for (const f of FACETS) {
      this.facetId[f] = i32(this.facetId[f]);
      this.facetBits[f] = this.facetBits[f].map((b) => grown(b, words));
    }
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.flags = flags;
    for (const k of FLAGS) this.flagBits[k] = grown(this.flagBits[k]!, words);
    this.live = grown(this.live, words);
    if (words !== this.words) {
      for (const entry of this.dict.entries()) {
        entry.all.resize(words);
        entry.title?.resize(words);
        entry.companySkills?.resize(words);
        entry.location?.resize(words);
      }
      for (const set of this.prefixSets.values()) set.bits = grown(set.bits, words);
    }
    this.capacity = capacity;
    this.words = words;
    this.pool.resize(words);
    this.orders.resize(capacity);
  }

  /** Makes room for `n` more documents at once (a bulk load), so the columns grow once. */
  reserve(n: number): void {
    const need = this.used + n;
    if (need > this.capacity) this.grow(need);
  }

  private takeSlot(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.used === this.capacity) this.grow(Math.ceil(this.capacity * 1.5));
    return this.used++;
  }

  // ---- writes

  /** Inserts a job, or replaces the one with its id. */
  /**
   * Adds or replaces a job. `words`, when given, are its words already cut (a build from the events cuts them in
   * a worker thread, tokens.ts): the index is the same as without.
   */
  upsert(job: IndexedJob, words?: JobWords): void {
    if (this.slotOf.has(job.id)) this.remove(job.id);
    const slot = this.takeSlot();
    this.slotOf.set(job.id, slot);
    this.idOf[slot] = job.id;
    setBit(this.live, slot);
    this.date[slot] = Date.parse(job.datePosted);
    this.titleKey[slot] = job.title.toLowerCase();
    this.companyKey[slot] = job.company.toLowerCase();
    this.locationId[slot] = this.locations.id(job.location.toLowerCase());
    this.countryId[slot] = job.country ? this.countries.id(job.country.toLowerCase()) : NONE;
    this.setFacet('continent', slot, job.continent);
    this.setFacet('experience', slot, job.experienceLevel);
    this.setFacet('type', slot, job.type);
    this.setFacet('industry', slot, job.industry);
    let flags = 0;
    if (job.isRemote) flags |= REMOTE;
    if (job.isHybrid) flags |= HYBRID;
    if (job.continent === null || WORLDWIDE_PATTERN.test(job.location)) flags |= WORLDWIDE;
    if (job.workFromWorldwide) flags |= WORK_ANYWHERE;
    this.setWorkFrom(slot, job.workFromCountries);
    this.utcMin[slot] = job.utcMin ?? NaN;
    this.utcMax[slot] = job.utcMax ?? NaN;
    this.flags[slot] = flags;
    for (const k of FLAGS) if (flags & k) setBit(this.flagBits[k]!, slot);
    const lo = job.salaryMinUsd ?? job.salaryMaxUsd;
    const hi = job.salaryMaxUsd ?? job.salaryMinUsd;
    this.salaryLo[slot] = lo ?? NaN;
    this.salaryHi[slot] = hi ?? NaN;

    if (words) this.indexWords(slot, words);
    else this.indexText(slot, job);
    const keys = suggestionTerms(job);
    for (const t of keys) this.suggestions.add(t.key, t.term);
    this.suggestKeys[slot] = keys.map((t) => t.key).join('\u0001');
    this.orders.added(slot);
    this.version++;
  }

  private setWorkFrom(slot: number, countries: readonly string[]): void {
    this.workFromCountries[slot] = countries.join(' ');
    for (const code of countries) {
      let bits = this.workFromBits.get(code);
      if (!bits) this.workFromBits.set(code, (bits = new Uint32Array(this.words)));
      setBit(bits, slot);
    }
  }

  private setFacet(name: FacetName, slot: number, value: string | null): void {
    if (value === null) {
      this.facetId[name][slot] = NONE;
      return;
    }
    const id = this.facetValues[name].id(value.toLowerCase());
    this.facetId[name][slot] = id;
    const bits = this.facetBits[name];
    while (bits.length <= id) bits.push(new Uint32Array(this.words));
    setBit(bits[id]!, slot);
  }

  private indexText(slot: number, job: IndexedJob): void {
    const words = this.words;
    const stamp = ++this.stamp;
    const count = (entry: TermEntry) => {
      if (entry.stamp === stamp) return;
      entry.stamp = stamp;
      entry.all.add(slot, words);
      const sets = entry.prefixSets;
      if (sets) for (let i = 0; i < sets.length; i++) setBit(sets[i]!.bits, slot);
    };
    const [title, companySkills, location, description] = textFields(job);
    for (const w of searchWords(title)) {
      const entry = this.entry(w);
      (entry.title ??= new Postings()).add(slot, words);
      count(entry);
    }
    for (const w of searchWords(companySkills)) {
      const entry = this.entry(w);
      (entry.companySkills ??= new Postings()).add(slot, words);
      count(entry);
    }
    for (const w of searchWords(location)) {
      const entry = this.entry(w);
      (entry.location ??= new Postings()).add(slot, words);
      count(entry);
    }
    const descriptionWords = searchWords(description);
    for (let i = 0; i < descriptionWords.length; i++) count(this.entry(descriptionWords[i]!));
  }

  /** `indexText` with the words cut elsewhere, as term ids of `words.terms`: the same calls in the same order. */
  private indexWords(slot: number, words: JobWords): void {
    const n = this.words;
    const stamp = ++this.stamp;
    const { ids, ends, at } = words;
    const entries = words.resolver.entries;
    const terms = words.resolver.terms;
    let i = at === 0 ? 0 : ends[4 * at - 1]!;
    for (let field = 0; field < 4; field++) {
      const end = ends[4 * at + field]!;
      for (; i < end; i++) {
        const id = ids[i]!;
        const entry = (entries[id] ??= this.entry(terms[id]!));
        if (field === 0) (entry.title ??= new Postings()).add(slot, n);
        else if (field === 1) (entry.companySkills ??= new Postings()).add(slot, n);
        else if (field === 2) (entry.location ??= new Postings()).add(slot, n);
        if (entry.stamp === stamp) continue;
        entry.stamp = stamp;
        entry.all.add(slot, n);
        const sets = entry.prefixSets;
        if (sets) for (let k = 0; k < sets.length; k++) setBit(sets[k]!.bits, slot);
      }
    }
  }

  private entry(term: string): TermEntry {
    const known = this.dict.get(term);
    if (known) return known;
    const entry = this.dict.ensure(term);
    if (this.prefixSets.size) {
      for (let l = 1; l <= term.length; l++) {
        const set = this.prefixSets.get(term.slice(0, l));
        if (set) (entry.prefixSets ??= []).push(set);
      }
    }
    return entry;
  }

  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.slotOf.delete(id);
    clearBit(this.live, slot);
    for (const f of FACETS) {
      const v = this.facetId[f][slot]!;
      if (v !== NONE) clearBit(this.facetBits[f][v]!, slot);
    }
    for (const k of FLAGS) clearBit(this.flagBits[k]!, slot);
    for (const code of this.workFromCountries[slot]!.split(' '))
      if (code) clearBit(this.workFromBits.get(code)!, slot);
    this.workFromCountries[slot] = '';
    for (const key of this.suggestKeys[slot]!.split('\u0001')) if (key) this.suggestions.remove(key);
    this.suggestKeys[slot] = '';
    this.idOf[slot] = '';
    this.dead.push(slot);
    this.version++;
    return true;
  }

  clear(): void {
    this.capacity = 0;
    this.words = 0;
    this.used = 0;
    this.free = [];
    this.dead = [];
    this.live = new Uint32Array(0);
    this.slotOf.clear();
    this.idOf.length = 0;
    this.titleKey.length = 0;
    this.companyKey.length = 0;
    this.suggestKeys = [];
    this.date = new Float64Array(0);
    this.utcMin = new Float64Array(0);
    this.utcMax = new Float64Array(0);
    this.workFromCountries = [];
    this.workFromBits.clear();
    this.salaryLo = new Float64Array(0);
    this.salaryHi = new Float64Array(0);
    this.locationId = new Int32Array(0);
    this.countryId = new Int32Array(0);
    for (const f of FACETS) {
      this.facetId[f] = new Int32Array(0);
      this.facetBits[f] = [];
      this.facetValues[f].clear();
    }
    this.flags = new Uint8Array(0);
    for (const k of FLAGS) this.flagBits[k] = new Uint32Array(0);
    this.locations.clear();
    this.countries.clear();
    this.dict.clear();
    this.suggestions.clear();
    this.prefixSets.clear();
    this.compaction = null;
    this.orders.reset();
    this.grow(1024);
    this.version++;
  }

  // ---- compaction

  /** Whether enough removed slots wait to make a sweep worth it (a fifth of the slots, at least 1,024). */
  needsCompaction(): boolean {
    return this.compaction !== null || this.dead.length > Math.max(1024, this.used / 5);
  }

  /**
   * Sweeps removed slots out of the postings for about `budgetMs`; returns true when the sweep is done (the slots
   * it started with are then free for new documents). Queries stay correct throughout: they mask with the live set.
   */
  compact(budgetMs = 5): boolean {
    const start = performance.now();
    if (!this.compaction) {
      if (!this.dead.length) return true;
      this.compaction = { entries: this.dict.entries(), slots: this.dead };
      this.dead = [];
    }
    const c = this.compaction;
    let n = 0;
    for (;;) {
      const next = c.entries.next();
      if (next.done) break;
      const e = next.value;
      e.all.compact(this.live, this.words);
      e.title?.compact(this.live, this.words);
      e.companySkills?.compact(this.live, this.words);
      e.location?.compact(this.live, this.words);
      if ((++n & 255) === 0 && performance.now() - start > budgetMs) return false;
    }
    for (const set of this.prefixSets.values()) andInto(set.bits, this.live);
    this.dict.prune((e) => e.all.n === 0);
    // Postings and prefix sets no longer hold these slots; the orders skip them (dead) until they are reused.
    this.free.push(...c.slots);
    this.compaction = null;
    return true;
  }

  // ---- snapshots

  /** The whole index as plain data; the arrays are the engine's own (write them before the next change). */
  exportState(): EngineState {
    const used = this.used;
    const terms = this.dict.sortedTerms();
    const postings = terms.map((t): EngineState['postings'][number] => {
      const e = this.dict.get(t)!;
      return [
        e.all.export(),
        e.title?.export() ?? null,
        e.companySkills?.export() ?? null,
        e.location?.export() ?? null,
      ];
    });
    const facetId = {} as Record<FacetName, Int32Array>;
    const facetValues = {} as Record<FacetName, string[]>;
    for (const f of FACETS) {
      facetId[f] = this.facetId[f].subarray(0, used);
      facetValues[f] = this.facetValues[f].values;
    }
    return {
      capacity: this.capacity,
      used,
      free: Int32Array.from(this.free),
      dead: Int32Array.from([...this.dead, ...(this.compaction?.slots ?? [])]),
      live: this.live,
      ids: this.idOf.slice(0, used),
      titleKey: this.titleKey.slice(0, used),
      companyKey: this.companyKey.slice(0, used),
      suggestKeys: this.suggestKeys.slice(0, used),
      date: this.date.subarray(0, used),
      salaryLo: this.salaryLo.subarray(0, used),
      salaryHi: this.salaryHi.subarray(0, used),
      locationId: this.locationId.subarray(0, used),
      countryId: this.countryId.subarray(0, used),
      facetId,
      flags: this.flags.subarray(0, used),
      workFromCountries: Array.from({ length: used }, (_, s) => this.workFromCountries[s] ?? ''),
      utcMin: this.utcMin.subarray(0, used),
      utcMax: this.utcMax.subarray(0, used),
      locations: this.locations.values,
      countries: this.countries.values,
      facetValues,
      terms,
      postings,
      suggestions: this.suggestions.export(),
      orders: this.orders.exportPrimaries(),
    };
  }

  static fromState(state: EngineState): MemoryEngine {
    const engine = new MemoryEngine({ capacity: state.capacity });
    engine.importState(state);
    return engine;
  }

  private importState(state: EngineState): void {
    const used = state.used;
    this.used = used;
    this.free = Array.from(state.free);
    this.dead = Array.from(state.dead);
    this.live.set(state.live.subarray(0, this.live.length));
    for (let s = 0; s < used; s++) {
      const id = state.ids[s]!;
      this.idOf[s] = id;
      this.titleKey[s] = state.titleKey[s]!;
      this.companyKey[s] = state.companyKey[s]!;
      this.suggestKeys[s] = state.suggestKeys[s]!;
      if (id && hasBit(this.live, s)) this.slotOf.set(id, s);
    }
    this.date.set(state.date);
    this.salaryLo.set(state.salaryLo);
    this.salaryHi.set(state.salaryHi);
    this.locationId.set(state.locationId);
    this.countryId.set(state.countryId);
    this.flags.set(state.flags);
    this.utcMin.set(state.utcMin);
    this.utcMax.set(state.utcMax);
    for (let s = 0; s < used; s++) {
      const codes = state.workFromCountries[s] ?? '';
      if (hasBit(this.live, s)) this.setWorkFrom(s, codes ? codes.split(' ') : []);
      else this.workFromCountries[s] = '';
    }
    for (const v of state.locations) this.locations.id(v);
    for (const v of state.countries) this.countries.id(v);
    for (const f of FACETS) {
      this.facetId[f].set(state.facetId[f]);
      for (const v of state.facetValues[f]) this.facetValues[f].id(v);
      const bits = (this.facetBits[f] = state.facetValues[f].map(() => new Uint32Array(this.words)));
      const ids = this.facetId[f];
      for (let s = 0; s < used; s++) if (ids[s]! !== NONE && hasBit(this.live, s)) setBit(bits[ids[s]!]!, s);
    }
    for (let s = 0; s < used; s++) {
      if (!hasBit(this.live, s)) continue;
      const flags = this.flags[s]!;
      for (const k of FLAGS) if (flags & k) setBit(this.flagBits[k]!, s);
    }
    const words = this.words;
    const posting = (data: PostingsData) =>
      'bits' in data ? Postings.fromBits(data.bits, words) : Postings.fromIds(data.ids, words);
    state.terms.forEach((term, i) => {
      const [all, title, companySkills, location] = state.postings[i]!;
      const entry = this.dict.ensure(term);
      entry.all = posting(all);
      entry.title = title && posting(title);
      entry.companySkills = companySkills && posting(companySkills);
      entry.location = location && posting(location);
    });
    for (const [key, term, count] of state.suggestions) this.suggestions.add(key, term, count);
    this.orders.importPrimaries(state.orders);
    this.version++;
  }

  // ---- queries

  search(q: JobSearchQuery): JobSearchResult {
    this.clock++;
    const { limit, offset } = paging(q);
    const pool = this.pool;
    const taken: Bits[] = [];
    const take = (b: Bits) => {
      taken.push(b);
      return b;
    };
    try {
      const candidates = take(this.filterBits(q, pool, take));
      const words = q.text ? searchWords(q.text) : [];
      const sorted = this.sortedOrder(q, words.length > 0);
      if (!words.length) {
        this.applyPredicates(candidates, q);
        const total = countBits(candidates);
        return { ids: this.page([candidates], [total], sorted, offset, offset + limit), total };
      }
      const text = this.matchText(words, candidates, q.sortBy === 'relevance', take);
      if (!text) return { ids: [], total: 0 };
      const { all, exact } = text;
      this.applyPredicates(all, q);
      andInto(exact, all);
      const total = countBits(all);
      if (total === 0) return { ids: [], total: 0 };
      andNotInto(all, exact); // now the typo-only matches
      if (q.sortBy === 'relevance') {
        const buckets = this.relevanceBuckets([exact, all], text.fields, take);
        const counts = buckets.map(countBits);
        return { ids: this.page(buckets, counts, sorted, offset, offset + limit), total };
      }
      const counts = [countBits(exact), total - countBits(exact)];
      return { ids: this.page([exact, all], counts, sorted, offset, offset + limit), total };
    } finally {
      pool.give(...taken);
    }
  }

  private sortedOrder(q: JobSearchQuery, hasText: boolean): OrderName {
    const asc = q.sortOrder === 'asc';
    switch (q.sortBy) {
      case 'relevance':
        return 'dateDesc';
      case 'datePosted':
        return asc ? 'dateAsc' : 'dateDesc';
      case 'title':
        return asc ? 'titleAsc' : 'titleDesc';
      case 'company':
        return asc ? 'companyAsc' : 'companyDesc';
      default: {
        const never: never = q.sortBy;
        void hasText;
        throw new Error(`unknown sortBy ${String(never)}`);
      }
    }
  }

  /** The live documents that pass the equality and flag filters (a fresh scratch bitset). */
  private filterBits(q: JobSearchQuery, pool: BitsPool, take: (b: Bits) => Bits): Bits {
    const sets: Bits[] = [];
    const empty = () => pool.take();
    const facet = (name: FacetName, value: string | undefined): boolean => {
      if (value === undefined) return true;
      const id = this.facetValues[name].find(normalizeKey(value));
      const bits = id === undefined ? undefined : this.facetBits[name][id];
      if (!bits) return false;
      sets.push(bits);
      return true;
    };
    const loc = q.location;
    let ok = true;
    if (loc?.kind === 'continent') {
      ok &&= facet('continent', loc.continent);
      if (loc.remoteOnly) sets.push(this.flagBits[REMOTE]!);
    } else if (loc?.kind === 'worldwideRemote') {
      sets.push(this.flagBits[REMOTE]!, this.flagBits[WORLDWIDE]!);
    }
    if (q.workFrom !== undefined) {
      // Open to anyone anywhere, or to this country.
      const anywhere = pool.copy(this.flagBits[WORK_ANYWHERE]!);
      const country = this.workFromBits.get(q.workFrom.toUpperCase());
      if (country) orInto(anywhere, country);
      sets.push(take(anywhere));
    }
    ok &&= facet('experience', q.experienceLevel);
    ok &&= facet('type', q.type);
    ok &&= facet('industry', q.industry);
    if (!ok) return empty();
    let out: Bits;
    if (q.isRemote === true) {
      out = pool.copy(this.flagBits[REMOTE]!);
      orInto(out, this.flagBits[HYBRID]!);
    } else {
      out = pool.copy(sets.length ? sets.shift()! : this.live);
      if (q.isRemote === false) {
        andNotInto(out, this.flagBits[REMOTE]!);
        andNotInto(out, this.flagBits[HYBRID]!);
      }
    }
    for (const s of sets) andInto(out, s);
    andInto(out, this.live);
    return out;
  }

  /** Filters that test each candidate: place, salary range, date. */
  private applyPredicates(bits: Bits, q: JobSearchQuery): void {
    const tests: ((slot: number) => boolean)[] = [];
    const loc = q.location;
    if (loc?.kind === 'place') {
      const place = normalizeKey(loc.value);
      if (place) {
        const matches = new Uint8Array(this.locations.values.length);
        let any = false;
        const names = loc.country?.names.length ? new RegExp(wholeWordsPattern(loc.country.names)) : null;
        this.locations.values.forEach((v, i) => {
          if (loc.country ? names?.test(v) : v.includes(place)) {
            matches[i] = 1;
            any = true;
          }
        });
        const country = this.countries.find(loc.country ? loc.country.code.toLowerCase() : place) ?? -2;
        if (!any && country === -2) {
          bits.fill(0);
          return;
        }
        tests.push((s) => matches[this.locationId[s]!] === 1 || this.countryId[s] === country);
      }
    }
    if (q.salaryUsd) {
      const { min, max } = q.salaryUsd;
      tests.push((s) => this.salaryHi[s]! >= min && (max === null || this.salaryLo[s]! <= max));
    }
    if (q.postedAfter) {
      const after = Date.parse(q.postedAfter);
      tests.push((s) => this.date[s]! >= after);
    }
    if (q.timezone) {
      // My offset ± hours overlaps the job's range (bounds included), or the job is open anywhere with no range.
      const lo = q.timezone.offset - q.timezone.hours;
      const hi = q.timezone.offset + q.timezone.hours;
      const anywhere = this.flagBits[WORK_ANYWHERE]!;
      tests.push((s) => {
        const min = this.utcMin[s]!;
        if (Number.isNaN(min)) return hasBit(anywhere, s);
        return min <= hi && this.utcMax[s]! >= lo;
      });
    }
    if (!tests.length) return;
    forEachSet(bits, (s) => {
      for (const t of tests) {
        if (!t(s)) {
          clearBit(bits, s);
          return;
        }
      }
    });
  }

  /**
   * Documents matching every word: `exact` without typos (each word itself, the last one as a prefix), `all` with
   * typos too; both within `candidates`. Null when some word matches nothing at all. With `fields`, also each
   * word's title, company/skills and location matches, for relevance.
   */
  private matchText(
    words: string[],
    candidates: Bits,
    withFields: boolean,
    take: (b: Bits) => Bits,
  ): { exact: Bits; all: Bits; fields: Bits[][] } | null {
    const pool = this.pool;
    const exact = take(pool.copy(candidates));
    const all = take(pool.copy(candidates));
    const fields: Bits[][] = [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const last = i === words.length - 1;
      const zero = take(pool.take());
      let typo: Bits | null = null;
      let derivations: Derivation[];
      if (last && !withFields) {
        this.prefixInto(word, zero);
        derivations = typoBudget(word) > 0 ? this.derived(word, true, true) : [];
      } else derivations = this.derived(word, last, false);
      for (const d of derivations) {
        if (d.typos === 0) d.entry.all.orInto(zero);
        else d.entry.all.orInto((typo ??= take(pool.take())));
      }
      andInto(exact, zero);
      if (typo) orInto(typo, zero);
      andInto(all, typo ?? zero);
      if (withFields) {
        const perField: Bits[] = [];
        for (const field of ['title', 'companySkills', 'location'] as const) {
          const bits = take(pool.take());
          for (const d of derivations) d.entry[field]?.orInto(bits);
          perField.push(bits);
        }
        fields.push(perField);
      }
    }
    if (countBits(all) === 0) return null;
    return { exact, all, fields };
  }

  /** ORs into `target` every document with a term starting with `prefix` (from a maintained prefix set when big). */
  private prefixInto(prefix: string, target: Bits): void {
    const known = this.prefixSets.get(prefix);
    if (known) {
      known.usedAt = this.clock;
      orInto(target, known.bits);
      return;
    }
    const [lo, hi] = this.dict.prefixRange(prefix);
    if (lo === hi) return;
    const terms = this.dict.sortedTerms();
    let cost = 0;
    for (let i = lo; i < hi; i++) cost += this.dict.get(terms[i]!)!.all.cost(this.words);
    if (hi - lo > 16 && cost > 2 * this.words) {
      const set = this.buildPrefixSet(prefix, lo, hi);
      if (set) {
        orInto(target, set.bits);
        return;
      }
    }
    for (let i = lo; i < hi; i++) this.dict.get(terms[i]!)!.all.orInto(target);
  }

  /**
   * A prefix set: the documents of every term starting with `prefix`, kept up to date as documents are added (each
   * term points at the sets it belongs to), like Meilisearch's prefix databases. Null when the budget is spent and
   * nothing can be evicted.
   */
  private buildPrefixSet(prefix: string, lo: number, hi: number): PrefixSet | null {
    const max = Math.max(64, Math.floor(PREFIX_SET_BUDGET_BYTES / Math.max(1, this.words * 4)));
    if (this.prefixSets.size >= max) {
      let oldest: PrefixSet | null = null;
      for (const s of this.prefixSets.values()) if (!oldest || s.usedAt < oldest.usedAt) oldest = s;
      if (!oldest || oldest.usedAt === this.clock) return null;
      this.dropPrefixSet(oldest);
    }
    const terms = this.dict.sortedTerms();
    const set: PrefixSet = { prefix, bits: new Uint32Array(this.words), usedAt: this.clock };
    for (let i = lo; i < hi; i++) {
      const entry = this.dict.get(terms[i]!)!;
      entry.all.orInto(set.bits);
      (entry.prefixSets ??= []).push(set);
    }
    andInto(set.bits, this.live);
    this.prefixSets.set(prefix, set);
    return set;
  }

  private dropPrefixSet(set: PrefixSet): void {
    this.prefixSets.delete(set.prefix);
    const terms = this.dict.sortedTerms();
    const [lo, hi] = this.dict.prefixRange(set.prefix);
    for (let i = lo; i < hi; i++) {
      const entry = this.dict.get(terms[i]!)!;
      if (!entry.prefixSets) continue;
      entry.prefixSets = entry.prefixSets.filter((s) => s !== set);
      if (!entry.prefixSets.length) entry.prefixSets = null;
    }
  }

  /**
   * Builds the prefix sets a fresh process would otherwise build on the first keystrokes: every one- and
   * two-letter prefix whose terms hold more postings than a bitset (what people type first).
   */
  /**
   * A word's derivations (TermDictionary.derive), remembered while the index does not change: someone typing
   * `marketing manager` asks for the typo walk of `marketing` (two typos, the costliest) again on each of the eight
   * keystrokes after it, and the walk was a third of the feed's CPU with 8 people typing. Any write clears them
   * (`version`), so an answer is always what a fresh walk would give.
   */
  private derived(word: string, prefix: boolean, skipZeroTypoPrefix: boolean): Derivation[] {
    if (this.derivedAt !== this.version) {
      this.derivedCache.clear();
      this.derivedAt = this.version;
    }
    const key = `${prefix ? 'p' : 'w'}${skipZeroTypoPrefix ? 's' : ''}:${word}`;
    let found = this.derivedCache.get(key);
    if (!found) {
      found = this.dict.derive(word, prefix, { skipZeroTypoPrefix });
      if (this.derivedCache.size >= 2_000) this.derivedCache.clear();
      this.derivedCache.set(key, found);
    }
    return found;
  }

  private derivedCache = new Map<string, Derivation[]>();
  private derivedAt = -1;

  warmPrefixes(): void {
    const terms = this.dict.sortedTerms();
    let i = 0;
    while (i < terms.length) {
      const p1 = terms[i]![0]!;
      const [lo1, hi1] = this.dict.prefixRange(p1);
      this.maybePrefixSet(p1, lo1, hi1);
      let j = lo1;
      while (j < hi1) {
        const t = terms[j]!;
        if (t.length < 2) {
          j++;
          continue;
        }
        const p2 = t.slice(0, 2);
        const [lo2, hi2] = this.dict.prefixRange(p2);
        this.maybePrefixSet(p2, lo2, hi2);
        j = Math.max(hi2, j + 1);
      }
      i = Math.max(hi1, i + 1);
    }
  }

  private maybePrefixSet(prefix: string, lo: number, hi: number): void {
    if (this.prefixSets.has(prefix) || hi - lo <= 16) return;
    const terms = this.dict.sortedTerms();
    let cost = 0;
    for (let i = lo; i < hi && cost <= 2 * this.words; i++)
      cost += this.dict.get(terms[i]!)!.all.cost(this.words);
    if (cost > 2 * this.words) this.buildPrefixSet(prefix, lo, hi);
  }

  /**
   * Relevance: matches without typos first, then by the fields each word matched in (title, then company and
   * skills, then location, then description only), then newest first. One bitset per (tier, score).
   */
  private relevanceBuckets(tiers: Bits[], fields: Bits[][], take: (b: Bits) => Bits): Bits[] {
    const maxScore = fields.length * WEIGHT_TITLE;
    const buckets: Bits[] = [];
    for (const tier of tiers) {
      const byScore: (Bits | null)[] = new Array<Bits | null>(maxScore + 1).fill(null);
      forEachSet(tier, (s) => {
        let score = 0;
        for (const [title, companySkills, location] of fields) {
          if (hasBit(title!, s)) score += WEIGHT_TITLE;
          else if (hasBit(companySkills!, s)) score += WEIGHT_COMPANY_SKILLS;
          else if (hasBit(location!, s)) score += WEIGHT_LOCATION;
        }
        setBit((byScore[score] ??= take(this.pool.take())), s);
      });
      for (let score = maxScore; score >= 0; score--) {
        const b = byScore[score];
        if (b) buckets.push(b);
      }
    }
    return buckets;
  }

  /**
   * Ids at positions [from, to) of the concatenation of `groups` (disjoint bitsets, each in the sort order). Each
   * group is read by walking the order (many matches) or by setting its members' ranks in a bitset and reading
   * that in order (few), whichever touches fewer words.
   */
  private page(groups: Bits[], counts: number[], name: OrderName, from: number, to: number): string[] {
    const out: string[] = [];
    let base = 0;
    for (let g = 0; g < groups.length && base < to; g++) {
      const count = counts[g]!;
      const lo = Math.max(from, base) - base;
      const hi = Math.min(to, base + count) - base;
      base += count;
      if (lo >= hi) continue;
      this.pageOfGroup(groups[g]!, count, this.orders.get(name), lo, hi, out);
    }
    return out;
  }

  /** Appends to `out` the ids at positions [lo, hi) of `bits` (holding `count` slots) in `order`. */
  private pageOfGroup(
    bits: Bits,
    count: number,
    order: { slots: Int32Array; rank: Int32Array },
    lo: number,
    hi: number,
    out: string[],
  ): void {
    const slots = order.slots;
    const n = slots.length;
    let index = 0;
    const walk = this.paging === 'auto' ? (hi * n) / count <= this.words + count : this.paging === 'walk';
    if (walk) {
      for (let i = 0; i < n && index < hi; i++) {
        const s = slots[i]!;
        if ((bits[s >>> 5]! & (1 << (s & 31))) === 0) continue;
        if (index >= lo) out.push(this.idOf[s]!);
        index++;
      }
      return;
    }
    const ranked = this.pool.take();
    const rank = order.rank;
    forEachSet(bits, (s) => setBit(ranked, rank[s]!));
    forEachSet(ranked, (r) => {
      if (index >= lo) out.push(this.idOf[slots[r]!]!);
      index++;
      return index < hi;
    });
    this.pool.give(ranked);
  }

  suggest(prefix: string, limit: number): string[] {
    return this.suggestions.suggest(normalizeKey(prefix), limit);
  }
}
