/**
 * Job alerts and saved searches: their streams' events and the API's request and answer shapes
 * (product spec sections 3, 5, 7).
 *
 * Secrets never go into events: the confirmation and unsubscribe links carry tokens derived as an
 * HMAC of the alert id and the link's purpose with a server key, computed when mailing and checked
 * when the link is followed.
 */
import { z } from 'zod';

/** Unconfirmed subscriptions stop accepting their confirmation link after this long. */
export const ALERT_CONFIRMATION_TTL_MS = 72 * 60 * 60 * 1000;
/** Most jobs listed in one digest; the mail links to the full search for the rest. */
export const ALERT_DIGEST_MAX_JOBS = 20;

export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export const AlertFrequency = z.enum(ALERT_FREQUENCIES);
export type AlertFrequency = z.infer<typeof AlertFrequency>;

export const alertStreamId = (alertId: string) => `alert-${alertId}`;
export const savedSearchStreamId = (id: string) => `saved-search-${id}`;

// ---------------------------------------------------------------------------------------------
// Job alert events (stream `alert-{alertId}`)
// ---------------------------------------------------------------------------------------------

/** What an alert matches, normalised (vocabulary values in their canonical spelling, blanks as null). */
export const AlertCriteria = z.object({
  title: z.string().nullable(),
  location: z.string().nullable(),
  experienceLevel: z.string().nullable(),
  type: z.string().nullable(),
  salary: z.string().nullable(),
  /** Remote or hybrid jobs only: the feed's isRemote=true. */
  isRemote: z.boolean(),
  /** Beyond the spec (absent on older alerts): 'I can work from' this country (ISO alpha-2), the feed's workFrom. */
  workFrom: z.string().length(2).nullish(),
  /** Beyond the spec (absent on older alerts): my UTC offset ± hours, the feed's tz and tzHours. */
  timezone: z.object({ offset: z.number(), hours: z.number() }).nullish(),
});
export type AlertCriteria = z.infer<typeof AlertCriteria>;

/** A (re)subscription: starts or restarts the double opt-in. */
export const JobAlertSubscribed = z.object({
  alertId: z.string(),
  /** Lower-cased. */
  email: z.string(),
  /** The signed-in user who subscribed, if any. */
  userId: z.string().nullable(),
  criteria: AlertCriteria,
  frequency: AlertFrequency,
  subscribedAt: z.string(),
  /** The confirmation link works until then. */
  expiresAt: z.string(),
});
export type JobAlertSubscribed = z.infer<typeof JobAlertSubscribed>;

export const JobAlertConfirmed = z.object({ confirmedAt: z.string() });
export type JobAlertConfirmed = z.infer<typeof JobAlertConfirmed>;

export const JobAlertDigestSent = z.object({
  /** 'YYYY-MM-DD' (daily) or 'YYYY-Www' (weekly, ISO week): the period whose jobs it lists. */
  period: z.string(),
  /** The end of the period (exclusive): the next digest lists jobs seen after it. */
  periodEnd: z.string(),
  jobIds: z.array(z.string()),
  sentAt: z.string(),
});
export type JobAlertDigestSent = z.infer<typeof JobAlertDigestSent>;

export const JobAlertUnsubscribed = z.object({
  unsubscribedAt: z.string(),
  /** 'one-click' (RFC 8058 POST), 'link' (the page's button), 'user' (signed-in, on /profile). */
  via: z.enum(['one-click', 'link', 'user']),
});
export type JobAlertUnsubscribed = z.infer<typeof JobAlertUnsubscribed>;

export const JOB_ALERT_EVENT_TYPES = [
  'JobAlertSubscribed',
  'JobAlertConfirmed',
  'JobAlertDigestSent',
  'JobAlertUnsubscribed',
] as const;
export type JobAlertEventType = (typeof JOB_ALERT_EVENT_TYPES)[number];

export type JobAlertEvent =
  | { type: 'JobAlertSubscribed'; data: JobAlertSubscribed }
  | { type: 'JobAlertConfirmed'; data: JobAlertConfirmed }
  | { type: 'JobAlertDigestSent'; data: JobAlertDigestSent }
  | { type: 'JobAlertUnsubscribed'; data: JobAlertUnsubscribed };

// ---------------------------------------------------------------------------------------------
// Job alert API (POST /api/job-alerts, GET/DELETE /api/user/job-alerts)
// ---------------------------------------------------------------------------------------------

export const INVALID_ALERT_EMAIL = 'Please enter a valid email address';

const optionalText = z
  .string()
  .trim()
  .max(200, 'String must contain at most 200 character(s)')
  .nullish()
  .transform((v) => (v ? v : null));

/** Spec section 5: email required; title, location, experienceLevel, type, salary optional text; isRemote default false; frequency daily or weekly, default daily. */
export const JobAlertRequest = z.object({
  email: z
    .string({ error: INVALID_ALERT_EMAIL })
    .trim()
    .max(254, INVALID_ALERT_EMAIL)
    .pipe(z.email(INVALID_ALERT_EMAIL))
    .transform((v) => v.toLowerCase()),
  title: optionalText,
  location: optionalText,
  experienceLevel: optionalText,
  type: optionalText,
  salary: optionalText,
  isRemote: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  frequency: AlertFrequency.nullish().transform((v) => v ?? 'daily'),
  /** Beyond the spec: a country ('Germany', 'DE'), as the feed's workFrom. */
  workFrom: optionalText,
  /** Beyond the spec: my UTC offset ('UTC+2'), as the feed's tz. */
  tz: optionalText,
  /** Beyond the spec: hours each way from tz (0 to 12, default 0). */
  tzHours: z.number().int('Must be a whole number of hours from 0 to 12').min(0).max(12).nullish(),
});
export type JobAlertRequest = z.input<typeof JobAlertRequest>;

export interface JobAlertResponse {
  id: string;
  /** 'pending': a confirmation e-mail is on its way; 'confirmed': the address already gets this alert. */
  status: 'pending' | 'confirmed';
  message: string;
}

export const ConfirmAlertRequest = z.object({ token: z.string().trim().min(1).max(200) });

export type JobAlertStatus = 'pending' | 'confirmed' | 'expired' | 'unsubscribed';

/** One of the signed-in user's alerts (GET /api/user/job-alerts). */
export interface UserJobAlert {
  id: string;
  email: string;
  title: string | null;
  location: string | null;
  experienceLevel: string | null;
  type: string | null;
  salary: string | null;
  isRemote: boolean;
  frequency: AlertFrequency;
  status: JobAlertStatus;
  createdAt: string;
  confirmedAt: string | null;
  lastDigestAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Saved searches (stream `saved-search-{id}`)
// ---------------------------------------------------------------------------------------------

const filterText = z
  .string()
  .trim()
  .max(200, 'String must contain at most 200 character(s)')
  .nullish()
  .transform((v) => (v ? v : undefined));

/** The feed filter and search state (spec section 3) without the page: what applying a saved search restores. */
export const SavedSearchFilters = z.object({
  title: filterText,
  location: filterText,
  experienceLevel: filterText,
  type: filterText,
  salary: filterText,
  duration: filterText,
  industry: filterText,
  isRemote: z
    .union([z.boolean(), z.string().max(10)])
    .nullish()
    .transform((v) =>
      v === true || v === 'true' ? 'true' : v === false || v === 'false' ? 'false' : undefined,
    ),
  sortBy: filterText,
  sortOrder: filterText,
});
export type SavedSearchFilters = z.output<typeof SavedSearchFilters>;

export const SaveSearchRequest = z.object({
  name: z.string().trim().min(1, 'Required').max(100, 'String must contain at most 100 character(s)'),
  filters: SavedSearchFilters.prefault({}),
});
export type SaveSearchRequest = z.input<typeof SaveSearchRequest>;

export const SavedSearchCreated = z.object({
  savedSearchId: z.string(),
  userId: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type SavedSearchCreated = z.infer<typeof SavedSearchCreated>;

export const SavedSearchUsed = z.object({ usedAt: z.string() });
export type SavedSearchUsed = z.infer<typeof SavedSearchUsed>;

export const SavedSearchDeleted = z.object({ deletedAt: z.string() });
export type SavedSearchDeleted = z.infer<typeof SavedSearchDeleted>;

export const SAVED_SEARCH_EVENT_TYPES = [
  'SavedSearchCreated',
  'SavedSearchUsed',
  'SavedSearchDeleted',
] as const;

export type SavedSearchEvent =
  | { type: 'SavedSearchCreated'; data: SavedSearchCreated }
  | { type: 'SavedSearchUsed'; data: SavedSearchUsed }
  | { type: 'SavedSearchDeleted'; data: SavedSearchDeleted };

/** A saved search as GET /api/saved-searches answers it. */
export interface SavedSearch {
  id: string;
  name: string;
  filters: Partial<Record<keyof SavedSearchFilters, string>>;
  createdAt: string;
  lastUsedAt: string | null;
  useCount: number;
}
