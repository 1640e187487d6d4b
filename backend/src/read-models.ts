import type { Projection } from '@jobs/projections';
import type { EventStore, SearchIndex } from '@jobs/contracts';
import { jobsProjection } from '@jobs/projections/jobs/index';
import { analyticsProjection } from '@jobs/projections/analytics/index';
import { searchIndexProjection } from '@jobs/search/projection';
import { usersProjection } from '@jobs/projections/users/users';
import { ingestionSourcesProjection } from '@jobs/projections/sources/ingestion-sources';
import { alertsReadModels } from '@jobs/projections/alerts/index';
import { atsProjection } from '@jobs/projections/ats/index';
import { jobReportsProjection } from '@jobs/projections/reports/index';
import { duplicatesProjection } from './features/jobs/dedupe/projection';
import { similarJobsProjection } from './features/jobs/similar/projection';

export interface ReadModelDeps {
  search: SearchIndex;
  /** Projections that need a job's earlier events (the search index) read its stream. */
  store: EventStore;
}

/**
 * Every projection the runner maintains. A new read model adds one line here.
 */
export function allProjections(deps: ReadModelDeps): Projection[] {
  return [
    ingestionSourcesProjection(),
    usersProjection(),
    jobsProjection(),
    analyticsProjection(),
    searchIndexProjection({ index: deps.search, store: deps.store }),
    ...alertsReadModels(),
    atsProjection(),
    jobReportsProjection(),
    duplicatesProjection({ store: deps.store }),
    similarJobsProjection(),
  ];
}
