import type { Projection } from '@jobs/projections';
import type { SearchIndex } from '@jobs/contracts';
import { ingestionSourcesProjection } from '@jobs/projections/sources/ingestion-sources';

export interface ReadModelDeps {
  search: SearchIndex;
}

/**
 * Every projection the runner maintains. A new read model adds one line here.
 */
export function allProjections(_deps: ReadModelDeps): Projection[] {
  return [ingestionSourcesProjection()];
}
