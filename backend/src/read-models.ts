import type { Projection } from '@jobs/projections';
import type { SearchIndex } from '@jobs/contracts';

export interface ReadModelDeps {
  search: SearchIndex;
}

/**
 * Every projection the runner maintains. A new read model adds one line here.
 */
export function allProjections(_deps: ReadModelDeps): Projection[] {
  return [];
}
