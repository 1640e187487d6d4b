import CallSplitIcon from '@mui/icons-material/CallSplit';
import { Button, useNotify } from 'react-admin';
import { useAdminApi } from '../lib/useAdminApi';
import { useCommand } from '../lib/useCommand';

/** UnmergeJob: the duplicate is its own listing again, and never merged with that job again. */
export function UnmergeJobButton({ jobId }: { jobId: string }) {
  const api = useAdminApi();
  const notify = useNotify();
  const { busy, run } = useCommand();
  const unmerge = () =>
    run(async () => {
      await api.unmergeJob(jobId);
      notify('Unmerged: the job is listed on its own again', { type: 'success' });
    });
  return (
    <Button label="Unmerge" onClick={unmerge} disabled={busy}>
      <CallSplitIcon />
    </Button>
  );
}
