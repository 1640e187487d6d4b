import DeleteIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useState } from 'react';
import { Button, useNotify, useRecordContext } from 'react-admin';
import { ReasonDialog } from '../lib/ReasonDialog';
import { useAdminApi } from '../lib/useAdminApi';
import { useCommand } from '../lib/useCommand';

/** RemoveJob with a required reason and the revision on screen; a stale revision says so. */
export function RemoveJobButton() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const { busy, run } = useCommand();
  const [open, setOpen] = useState(false);
  if (!record || record.status !== 'live') return null;

  const remove = (reason: string) =>
    run(async () => {
      await api.removeJob(record.id, { reason, expectedRevision: record.revision as number });
      notify('Job removed', { type: 'success' });
      setOpen(false);
    });

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
