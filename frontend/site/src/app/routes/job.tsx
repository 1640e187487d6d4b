import { useParams } from '../../lib/router';
import { JobError, JobPage } from '../../features/job-page/components/job-page';
import type { JobPageState } from '../../features/job-page/api/initial-state';
import type { InitialState } from '../../lib/initial-state';

/** The job the server rendered, into the query cache before hydrating (app/router.tsx, preparePage). */
export { primeJobPage as prime } from '../../features/job-page/api/get-job';

/** A job the server answered 404 or 410 for renders its error screen: loaded before the first render. */
export function parts(state: InitialState | undefined): Promise<unknown> | undefined {
  const page = state?.jobPage as JobPageState | undefined;
  return page && page.status !== 200 ? JobError.preload() : undefined;
}

export default function JobRoute() {
  const { identifier = '' } = useParams();
  // Keyed so another job starts from a clean state (tabs, retries).
  return <JobPage key={identifier} identifier={identifier} />;
}
