/**
 * The digest schedule: each confirmed alert gets, once per period of its frequency, the new jobs that
 * match it. Run by an in-process interval in the server and by `npm run alerts:run`.
 *
 * Periods are closed: a run on day D sends the daily digest of D-1 (jobs first seen from the previous
 * digest's period end, or from the confirmation, up to the start of D); a weekly alert gets the ISO
 * week before the current one. So a digest's content does not depend on when in the day the run
 * happens, and the deterministic event id of (alert, period) makes a second run a no-op.
 *
 * Order: send the mail, then append JobAlertDigestSent. A failed send appends nothing, so the next run
 * retries; a crash between send and append can send that one digest twice (at-least-once), never lose
 * it. Two schedulers (the server and the CLI) never race: a run holds a PostgreSQL advisory lock.
 * A period with no matching job sends nothing and appends nothing.
 */
import type pg from 'pg';
import { startPeriodic, type Periodic } from '../../periodic';
import {
  ALERT_DIGEST_MAX_JOBS,
  alertStreamId,
  type AlertFrequency,
  type JobAlertEvent,
} from '@jobs/contracts';
import { StreamNotFoundError, type EventStore } from '@jobs/contracts/eventstore';
import {
  ALERT_JOB_CANDIDATES_PROJECTION,
  JOB_ALERTS_PROJECTION,
  type AlertJobCandidateRow,
} from '@jobs/projections/alerts/index';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import type { ProjectionsPort } from '../../http/app';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { evolveAlert, initialAlertState, type AlertState } from './alert';
import { matchesAlert, searchUrl, type CandidateJob } from './criteria';
import { runAlertCommand } from './commands';
import { alertLinks } from './links';
import { digestMail } from './mail';
import { withTryLock } from '../../db/try-lock';

const DAY_MS = 86_400_000;
/** Keyed apart from other advisory locks by a fixed number of our own. */
const SCHEDULER_LOCK = 774_201_117;
/** A digest looks back at most this far (after a long outage or months without a match). */
const MAX_WINDOW_DAYS = 35;

export interface Period {
  /** 'YYYY-MM-DD' or 'YYYY-Www'. */
  key: string;
  /** Exclusive end (UTC midnight). */
  end: Date;
}

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

function isoWeekKey(day: Date): string {
  // The ISO year is that of the week's Thursday.
  const thursday = new Date(day.getTime() + (3 - ((day.getUTCDay() + 6) % 7)) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The latest closed period of this frequency at `now`. */
export function closedPeriod(frequency: AlertFrequency, now: Date): Period {
  const today = startOfUtcDay(now);
  if (frequency === 'daily') {
    const yesterday = new Date(today.getTime() - DAY_MS);
    return { key: yesterday.toISOString().slice(0, 10), end: today };
  }
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
  return { key: isoWeekKey(new Date(monday.getTime() - 7 * DAY_MS)), end: monday };
}

export const digestEventId = (alertId: string, period: string) =>
  uuidFromName(JOBS_BOARD_NAMESPACE, `job-alert-digest:${alertId}:${period}`);

export interface DigestRunDeps {
  store: EventStore;
  pool: pg.Pool;
  mailer: Mailer;
  linkKey: Buffer;
  publicUrl: string;
  logger: Logger;
  /** When given, the run first waits until the alert read models have caught up with the store. */
  projections?: Pick<ProjectionsPort, 'waitForPosition'>;
}

export interface DigestRunResult {
  /** False when another process held the scheduler lock. */
  ran: boolean;
  sent: number;
  /** Confirmed alerts looked at. */
  checked: number;
  failed: number;
}

async function alertState(store: EventStore, alertId: string): Promise<AlertState> {
  const history = await store.readStream(alertStreamId(alertId)).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });
  return history.reduce(
    (s, e) => evolveAlert(s, { type: e.type, data: e.data } as JobAlertEvent),
    initialAlertState(),
  );
}

const toCandidate = (r: AlertJobCandidateRow): CandidateJob => ({
  jobId: r.job_id,
  title: r.title,
  location: r.location,
  countryName: r.country_name,
  continent: r.continent,
  isRemote: r.is_remote,
  type: r.type,
  experienceLevel: r.experience_level,
  salaryMinUsd: r.salary_min_usd,
  salaryMaxUsd: r.salary_max_usd,
  eligibility: r.eligibility ?? null,
});

/** One pass of the schedule at `now`. */
export async function runDigests(deps: DigestRunDeps, now = new Date()): Promise<DigestRunResult> {
  const log = deps.logger.child({ component: 'alert-digests' });
  const result: DigestRunResult = { ran: false, sent: 0, checked: 0, failed: 0 };
  await withTryLock(deps.pool, SCHEDULER_LOCK, async () => {
    result.ran = true;
    if (deps.projections) {
      await deps.projections.waitForPosition(await deps.store.headPosition(), 30_000, [
        ALERT_JOB_CANDIDATES_PROJECTION,
        JOB_ALERTS_PROJECTION,
      ]);
    }
    await runLocked(deps, now, result, log);
  });
  return result;
}

async function runLocked(
  deps: DigestRunDeps,
  now: Date,
  result: DigestRunResult,
  log: Logger,
): Promise<void> {
  const { rows: alerts } = await deps.pool.query<{ alert_id: string }>(
    `select alert_id from job_alerts where status = 'confirmed' order by alert_id`,
  );
  if (alerts.length === 0) return;
  const latestEnd = closedPeriod('daily', now).end;
  // One read of the candidates for every alert: from the earliest window start (bounded, so an alert
  // that has matched nothing for months does not drag its whole history along) to the latest period end.
  const { rows: earliest } = await deps.pool.query<{ start: Date | null }>(
    `select min(greatest(coalesce(last_period_end, confirmed_at), confirmed_at)) as start
     from job_alerts where status = 'confirmed'`,
  );
  const oldest = Math.max(
    earliest[0]?.start?.getTime() ?? latestEnd.getTime(),
    latestEnd.getTime() - MAX_WINDOW_DAYS * DAY_MS,
  );
  const { rows: candidates } = await deps.pool.query<AlertJobCandidateRow>(
    `select * from alert_job_candidates where live and seen_at >= $1 and seen_at < $2 order by seen_at desc, job_id`,
    [new Date(oldest), latestEnd],
  );

  for (const { alert_id: alertId } of alerts) {
    result.checked += 1;
    try {
      if (await digestOne(deps, alertId, candidates, now, log)) result.sent += 1;
    } catch (err) {
      result.failed += 1;
      log.error({ err, alertId }, 'job alert digest failed; the next run retries it');
    }
  }
  log.info({ ...result }, 'job alert digests run');
}

async function digestOne(
  deps: DigestRunDeps,
  alertId: string,
  candidates: readonly AlertJobCandidateRow[],
  now: Date,
  log: Logger,
): Promise<boolean> {
  // The stream, not the read model, decides: an unsubscribe is honoured the moment it is appended.
  const state = await alertState(deps.store, alertId);
  if (state.status !== 'confirmed' || !state.confirmedAt) return false;
  const period = closedPeriod(state.frequency, now);
  if (state.periodsSent.includes(period.key)) return false;
  const start = Math.max(
    Date.parse(state.lastPeriodEnd ?? state.confirmedAt),
    Date.parse(state.confirmedAt),
    period.end.getTime() - MAX_WINDOW_DAYS * DAY_MS,
  );
  const matching = candidates.filter(
    (c) =>
      c.seen_at.getTime() >= start && c.seen_at < period.end && matchesAlert(state.criteria, toCandidate(c)),
  );
  if (matching.length === 0) return false;

  const shown = matching.slice(0, ALERT_DIGEST_MAX_JOBS);
  const links = alertLinks(deps.publicUrl, deps.linkKey, alertId);
  await deps.mailer.send(
    digestMail({
      to: state.email,
      criteria: state.criteria,
      frequency: state.frequency,
      jobs: shown.map((j) => ({
        title: j.title,
        company: j.company,
        location: j.location,
        salary: j.salary,
        url: `${deps.publicUrl}/jobs/${j.slug}`,
      })),
      total: matching.length,
      searchUrl: searchUrl(deps.publicUrl, state.criteria),
      links,
    }),
  );
  await runAlertCommand(
    deps.store,
    alertId,
    {
      type: 'RecordDigest',
      period: period.key,
      periodEnd: period.end.toISOString(),
      jobIds: shown.map((j) => j.job_id),
    },
    { actor: 'system', causationId: `digest:${period.key}` },
    { now, eventId: () => digestEventId(alertId, period.key) },
  );
  log.info({ alertId, period: period.key, jobs: shown.length }, 'job alert digest sent');
  return true;
}

export type AlertScheduler = Periodic;

/** Runs the schedule every `intervalMs` (default 15 minutes) while the server runs. */
export function startAlertScheduler(deps: DigestRunDeps, intervalMs = 15 * 60_000): AlertScheduler {
  return startPeriodic(
    () => runDigests(deps),
    intervalMs,
    (err) => deps.logger.error({ err }, 'job alert schedule failed'),
  );
}
