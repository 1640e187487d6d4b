import DeleteIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { commandErrorMessage } from '../dataProvider';
import { ReasonDialog } from '../lib/ReasonDialog';
import { useAdminApi } from '../lib/useAdminApi';

/** RemoveJob with a required reason and the revision on screen; a stale revision says so. */
export function RemoveJobButton() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'live') return null;

  const remove = async (reason: string) => {
    setBusy(true);
    try {
      await api.removeJob(record.id, { reason, expectedRevision: record.revision as number });
      notify('Job removed', { type: 'success' });
      setOpen(false);
    } catch (error) {
      notify(commandErrorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <>
      <Button label="Remove" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <ReasonDialog
        open={open}
        title={`Remove “${String(record.title)}”`}
        confirmLabel="Remove job"
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={remove}
      />
    </>
  );
}
