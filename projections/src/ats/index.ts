/**
 * ATS read models for the back office and the bot's schedule:
 * - `ats_sources`: one row per source (status, interval, last success/error, back-off, next run);
 * - `ats_syncs`: every recorded sync (the source's history);
 * - `discovered_companies`: boards the discoverer found, with the admin's decision.
 * Rows keep the stream revision they applied, so a replay is idempotent.
 */
import type { SqlProjection } from '../projection';
import type {
  AtsSourceAdded,
  AtsSourceIntervalChanged,
  AtsSourcePaused,
  AtsSourceResumed,
  AtsSyncRecorded,
  DiscoveredCompanyApproved,
  DiscoveredCompanyFound,
  DiscoveredCompanyRejected,
} from '@jobs/contracts/ats';

export const ATS_PROJECTION = 'ats';

export function atsProjection(): SqlProjection {
  return {
    name: ATS_PROJECTION,
    eventTypes: [
      'AtsSourceAdded',
      'AtsSourcePaused',
      'AtsSourceResumed',
      'AtsSourceIntervalChanged',
      'AtsSyncRecorded',
      'DiscoveredCompanyFound',
      'DiscoveredCompanyApproved',
      'DiscoveredCompanyRejected',
    ],
    tables: ['ats_syncs', 'ats_sources', 'discovered_companies'],
    migrations: [
      `create table if not exists ats_sources (
         id text primary key,
         kind text not null,
         board text not null,
         company text not null,
         base_url text,
         interval_minutes integer not null,
         status text not null check (status in ('active', 'paused')),
         ingestion_source_id text not null,
         added_at timestamptz not null,
         last_sync_at timestamptz,
         last_success_at timestamptz,
         last_error text,
         last_error_kind text,
         last_error_at timestamptz,
         consecutive_failures integer not null default 0,
         next_run_at timestamptz,
         last_counts jsonb,
         revision integer not null
       )`,
      `create index if not exists ats_sources_due on ats_sources (status, next_run_at)`,
      `create table if not exists ats_syncs (
         source_id text not null,
         revision integer not null,
         started_at timestamptz not null,
         finished_at timestamptz not null,
         ok boolean not null,
         error_kind text,
         error text,
         counts jsonb not null,
         primary key (source_id, revision)
       )`,
      // Since when the source has been failing (the start of the first failed sync in a row); null while
      // its last sync succeeded. With consecutive_failures it tells the admin an unhealthy source (docs/ats.md).
      `alter table ats_sources add column if not exists failing_since timestamptz`,
      // Jobs rejected or degraded alone (AtsSyncRecorded.problems); empty for syncs recorded before.
      `alter table ats_syncs add column if not exists problems jsonb not null default '[]'::jsonb`,
      `create table if not exists discovered_companies (
         id text primary key,
         candidate text not null,
         kind text not null,
         board text not null,
         company text not null,
         base_url text,
         job_count integer not null,
         sample_titles text[] not null,
         status text not null check (status in ('proposed', 'approved', 'rejected')),
         ats_source_id text,
         found_at timestamptz not null,
         decided_at timestamptz,
         revision integer not null
       )`,
    ],
    async handle(event, tx) {
      const rev = event.revision;
      switch (event.type) {
        case 'AtsSourceAdded': {
          const d = event.data as AtsSourceAdded;
          await tx.query(
            `insert into ats_sources (id, kind, board, company, base_url, interval_minutes, status,
               ingestion_source_id, added_at, revision)
             values ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9)
             on conflict (id) do nothing`,
            [
              d.atsSourceId,
              d.kind,
              d.board,
              d.company,
              d.baseUrl,
              d.intervalMinutes,
              d.ingestionSourceId,
              d.addedAt,
              rev,
            ],
          );
          return;
        }
        case 'AtsSourcePaused': {
          const d = event.data as AtsSourcePaused;
          await tx.query(
            `update ats_sources set status = 'paused', revision = $2 where id = $1 and revision < $2`,
            [d.atsSourceId, rev],
          );
          return;
        }
        case 'AtsSourceResumed': {
          const d = event.data as AtsSourceResumed;
          await tx.query(
            `update ats_sources set status = 'active', consecutive_failures = 0, failing_since = null,
               next_run_at = null, revision = $2
             where id = $1 and revision < $2`,
            [d.atsSourceId, rev],
          );
          return;
        }
        case 'AtsSourceIntervalChanged': {
          const d = event.data as AtsSourceIntervalChanged;
          await tx.query(
            `update ats_sources set interval_minutes = $3,
               next_run_at = case when last_success_at is not null and consecutive_failures = 0
                                  then last_sync_at + make_interval(mins => $3) else next_run_at end,
               revision = $2
             where id = $1 and revision < $2`,
            [d.atsSourceId, rev, d.intervalMinutes],
          );
          return;
        }
        case 'AtsSyncRecorded': {
          const d = event.data as AtsSyncRecorded;
          const updated = await tx.query(
            `update ats_sources set
               last_sync_at = $3,
               last_success_at = case when $4 then $3 else last_success_at end,
               last_error = case when $4 then last_error else $5 end,
               last_error_kind = case when $4 then last_error_kind else $6 end,
               last_error_at = case when $4 then last_error_at else $3 end,
               consecutive_failures = $7,
               failing_since = case when $4 then null else coalesce(failing_since, $10) end,
               next_run_at = $8,
               last_counts = case when $4 then $9::jsonb else last_counts end,
               revision = $2
             where id = $1 and revision < $2`,
            [
              d.atsSourceId,
              rev,
              d.finishedAt,
              d.ok,
              d.error?.message ?? null,
              d.error?.kind ?? null,
              d.consecutiveFailures,
              d.nextRunAt,
              JSON.stringify(d.counts),
              d.startedAt,
            ],
          );
          if (updated.rowCount === 0) return;
          await tx.query(
            `insert into ats_syncs (source_id, revision, started_at, finished_at, ok, error_kind, error, counts,
               problems)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             on conflict do nothing`,
            [
              d.atsSourceId,
              rev,
              d.startedAt,
              d.finishedAt,
              d.ok,
              d.error?.kind ?? null,
              d.error?.message ?? null,
              JSON.stringify(d.counts),
              JSON.stringify(d.problems ?? []),
            ],
          );
          return;
        }
        case 'DiscoveredCompanyFound': {
          const d = event.data as DiscoveredCompanyFound;
          await tx.query(
            `insert into discovered_companies (id, candidate, kind, board, company, base_url, job_count,
               sample_titles, status, found_at, revision)
             values ($1, $2, $3, $4, $5, $6, $7, $8, 'proposed', $9, $10)
             on conflict (id) do update set candidate = excluded.candidate, company = excluded.company,
               job_count = excluded.job_count, sample_titles = excluded.sample_titles,
               found_at = excluded.found_at, revision = excluded.revision
             where discovered_companies.revision < excluded.revision`,
            [
              d.discoveredId,
              d.candidate,
              d.kind,
              d.board,
              d.company,
              d.baseUrl,
              d.jobCount,
              d.sampleTitles,
              d.foundAt,
              rev,
            ],
          );
          return;
        }
        case 'DiscoveredCompanyApproved': {
          const d = event.data as DiscoveredCompanyApproved;
          await tx.query(
            `update discovered_companies set status = 'approved', ats_source_id = $3, decided_at = $4, revision = $2
             where id = $1 and revision < $2`,
            [d.discoveredId, rev, d.atsSourceId, d.approvedAt],
          );
          return;
        }
        case 'DiscoveredCompanyRejected': {
          const d = event.data as DiscoveredCompanyRejected;
          await tx.query(
            `update discovered_companies set status = 'rejected', decided_at = $3, revision = $2
             where id = $1 and revision < $2`,
            [d.discoveredId, rev, d.rejectedAt],
          );
          return;
        }
      }
    },
  };
}
