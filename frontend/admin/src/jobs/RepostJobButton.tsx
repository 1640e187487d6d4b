import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useNotify, useRecordContext } from 'react-admin';
import { useAdminApi } from '../lib/useAdminApi';
import { useCommand } from '../lib/useCommand';

/** RepostJob: a removed job goes live again with its last content. */
export function RepostJobButton() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const { busy, run } = useCommand();
  if (!record || record.status !== 'removed') return null;

  const repost = () =>
    run(async () => {
      await api.repostJob(record.id, { expectedRevision: record.revision as number });
      notify('Job reposted', { type: 'success' });
    });

  return (
    <Button label="Repost" onClick={repost} disabled={busy}>
      <ReplayIcon />
    </Button>
  );
}
