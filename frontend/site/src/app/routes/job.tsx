import { useParams } from '../../lib/router';
import { JobPage } from '../../features/job-page/components/job-page';

export default function JobRoute() {
  const { identifier = '' } = useParams();
  // Keyed so another job starts from a clean state (tabs, retries).
  return <JobPage key={identifier} identifier={identifier} />;
}
