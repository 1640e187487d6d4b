import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { commandErrorMessage } from '../dataProvider';
import { useAdminApi } from '../lib/useAdminApi';

/** RepostJob: a removed job goes live again with its last content. */
export function RepostJobButton() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'removed') return null;

  const repost = async () => {
    setBusy(true);
    try {
      await api.repostJob(record.id, { expectedRevision: record.revision as number });
      notify('Job reposted', { type: 'success' });
    } catch (error) {
      notify(commandErrorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Button label="Repost" onClick={repost} disabled={busy}>
      <ReplayIcon />
    </Button>
  );
}
