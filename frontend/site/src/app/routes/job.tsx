import { useParams } from '../../lib/router';
import { JobPage } from '../../features/job-page/components/job-page';

/** The job the server rendered, into the query cache before hydrating (app/router.tsx, preparePage). */
export { primeJobPage as prime } from '../../features/job-page/api/get-job';

export default function JobRoute() {
  const { identifier = '' } = useParams();
  // Keyed so another job starts from a clean state (tabs, retries).
  return <JobPage key={identifier} identifier={identifier} />;
}
