/**
 * The search index port. Adapters live in search/src (PostgreSQL full-text search, Meilisearch);
 * the jobs read model builds the documents and the API loads rows by the ids a search returns.
 */

/** One job as the search index sees it. */
export interface JobSearchDocument {
  /** The job id (uuid). */
  id: string;
  publicId: number;
  slug: string;
  title: string;
  company: string;
  companyLogo: string | null;
  location: string;
  country: string | null;
  continent: string | null;
  isRemote: boolean;
  isHybrid: boolean;
  type: string;
  experienceLevel: string;
  industry: string;
  salary: string | null;
  salaryMinUsd: number | null;
  salaryMaxUsd: number | null;
  skills: string[];
  /** Plain text, truncated to about 2000 characters. */
  descriptionText: string;
  excerpt: string;
  /** ISO date-time. */
  datePosted: string;
  source: string;
  /**
   * Where a person may do the job from (where.ts `workFrom` of the job's eligibility). True: open to the whole
   * world. The next three are what the workFrom and timezone filters compare.
   */
  workFromWorldwide: boolean;
  /** Sorted ISO codes of every country a person may work from; [] when worldwide or unknown. */
  workFromCountries: string[];
  /** The UTC offsets (hours) the work needs: the stated range, else the span of workFromCountries; null if unknown. */
  utcMin: number | null;
  utcMax: number | null;
}

/** A country a place filter names: its ISO alpha-2 code and every lower-case spelling a location may use. */
export interface PlaceCountry {
  code: string;
  names: string[];
}

export type JobSearchLocation =
  /**
   * Location contains the text, or the country equals it (case-insensitive). With `country` (the text names a
   * country): the job's country is that ISO code, or its location names the country in any of `names` as whole
   * words ('Remote (US or Canada)'); the bare text is then not searched as a substring ('us' in 'Australia').
   */
  | { kind: 'place'; value: string; country?: PlaceCountry }
  /** The continent; with remoteOnly, remote jobs only. */
  | { kind: 'continent'; continent: string; remoteOnly: boolean }
  /** Remote jobs with no continent or whose location mentions worldwide/anywhere. */
  | { kind: 'worldwideRemote' };

export type JobSearchSortBy = 'relevance' | 'datePosted' | 'title' | 'company';

export interface JobSearchQuery {
  text?: string;
  location?: JobSearchLocation;
  experienceLevel?: string;
  type?: string;
  /** Matches documents whose [salaryMinUsd, salaryMaxUsd] overlaps [min, max]; max null = open. */
  salaryUsd?: { min: number; max: number | null };
  industry?: string;
  /** true: remote or hybrid ("Remote & Hybrid"); false: on-site only. */
  isRemote?: boolean;
  /** ISO date-time: only documents with datePosted at or after it (the feed's `duration`). */
  postedAfter?: string;
  /**
   * "I can work from" this country (ISO alpha-2, upper case): documents with workFromWorldwide, or whose
   * workFromCountries contain it. Unknown documents (neither) do not match.
   */
  workFrom?: string;
  /**
   * Time-zone overlap, my UTC offset ± hours: documents whose [utcMin, utcMax] overlaps
   * [offset − hours, offset + hours] (inclusive), or that are workFromWorldwide with utcMin null.
   */
  timezone?: { offset: number; hours: number };
  /** 'relevance' only means something with text; without text it is datePosted desc. */
  sortBy: JobSearchSortBy;
  sortOrder: 'asc' | 'desc';
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface JobSearchResult {
  /** Job ids in result order; the API loads the rows from the read model. */
  ids: string[];
  total: number;
}

/** What a caller already knows about a query, so the index can skip work. */
export interface SearchHints {
  /**
   * The total of this query's conditions (text and filters; page and sort do not change it), from an answer the
   * caller got moments ago: the index may return it instead of counting again. Scrolling asks for page after page
   * of the same conditions, and an exact count over many matches costs more than the page itself.
   */
  knownTotal?: number;
}

/** One write of a rebuild (see SearchIndex.rebuildWrite). */
export interface SearchRebuildWrite {
  replaced: string[];
  docs: JobSearchDocument[];
  /** Every suggestion the rebuilt index holds: key, term as first written, kind, how many documents carry it. */
  suggestions?: { key: string; term: string; kind: string; docCount: number }[];
}

export interface SearchIndex {
  /** 'memory': the embedded in-process index (search/src/memory); 'routed': it, in front of a slower path while it loads. */
  kind: 'postgres' | 'meilisearch' | 'memory' | 'routed';
  /** Creates tables/indexes/settings; idempotent, safe to call from several processes. */
  ensureReady(): Promise<void>;
  /** Inserts or replaces documents by id; resolves once the index has them. */
  upsert(docs: JobSearchDocument[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  search(q: JobSearchQuery, hints?: SearchHints): Promise<JobSearchResult>;
  /** Up to `limit` (default 8) distinct titles, companies or skills for a typed prefix. */
  suggest(prefix: string, limit?: number): Promise<string[]>;
  /** Removes every document (for a rebuild). */
  clear(): Promise<void>;
  /**
   * A rebuild's replay begins ('begin', after clear) or ended ('end', also after a failed one): an index may set
   * aside what it maintains on every write (PostgreSQL's secondary indexes) and build it once at the end.
   */
  bulkLoad?(phase: 'begin' | 'end'): Promise<void>;
  /**
   * A rebuild's own write (between clear + bulkLoad('begin') and bulkLoad('end'), nothing else writing): `replaced`
   * jobs' rows go, `docs` (jobs the index does not hold, or replaced) come in; no counts are kept per write. With
   * `suggestions` (once, after the last page): the suggestion rows to store, the whole table. Optional: an index
   * without it is rebuilt with upsert and remove.
   */
  rebuildWrite?(write: SearchRebuildWrite): Promise<void>;
  /** Throws when the index is unreachable. */
  ping(): Promise<void>;
}
