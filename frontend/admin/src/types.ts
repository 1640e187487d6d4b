/** Answers of the admin API beyond plain records (backend/src/features/admin). */
export interface HistoryEntry {
  id: string;
  revision: number;
  type: string;
  time: string;
  recordedAt: string;
  actor: string;
  summary: string;
  changes: { field: string; before: unknown; after: unknown }[];
  /** Set on the events of a job merged into this one (another source of it). */
  linkedJobId?: string;
}

/** A job merged into another, or the other way round (GET /api/admin/jobs/:id/duplicates). */
export interface DuplicateLink {
  jobId: string;
  publicId: number;
  slug: string;
  title: string;
  company: string;
  source: string;
  /** The ingestion source's name (the dashboard's); null when the source is unknown. */
  sourceName: string | null;
  externalId: string;
  reason: string | null;
  score: number | null;
}

/** One change of a company's profile (issue 24 §2), newest first. */
export interface CompanyChange {
  eventId: string;
  revision: number;
  at: string;
  /** 'admin', 'seed', or the ingestion source's name. */
  changedBy: string;
  changed: string[];
  undoOf: string | null;
  website: string | null;
  logo: string | null;
  description: string | null;
  size: string | null;
  founded: number | null;
  industry: string | null;
}

export interface JobDuplicates {
  mergedInto: DuplicateLink | null;
  duplicates: DuplicateLink[];
}

export interface DashboardData {
  jobs: { live: number; removed: number; postedLast24h: number; postedLast7d: number };
  alertsConfirmed: number;
  users: number;
  projections: {
    name: string;
    position: { commit: number; prepare: number } | null;
    lagEvents: number;
    lagSeconds: number;
    state: string;
    lastError?: string | null;
  }[];
  sources: { id: string; name: string; kind: string; lastIngestAt: string | null; itemsIngested: number }[];
}

export interface AnalyticsData {
  period: string;
  from: string;
  to: string;
  jobsPerDay: { day: string; posted: number; removed: number }[];
  alertsPerDay: { day: string; subscribed: number; confirmed: number; digests: number }[];
  liveJobsBy: Record<'continent' | 'experienceLevel' | 'type' | 'source', { key: string; count: number }[]>;
  topSearches: { term: string; searches: number; zeroResultSearches: number }[];
  zeroResultSearches: { term: string; searches: number }[];
}
