import DeleteIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import { ReasonDialog } from '../lib/ReasonDialog';
import { reportsApi } from './api';
import { useReportCommand } from './useReportCommand';

/** Removes the job (410 with the reason on the public page) and resolves its open reports. */
export function RemoveReportedJobButton() {
  const record = useRecordContext();
  const { busy, run } = useReportCommand();
  const [open, setOpen] = useState(false);
  if (!record || record.status !== 'open') return null;

  const remove = async (reason: string) => {
    const ok = await run(
      () => reportsApi.remove(record.id, reason, record.revision as number),
      'Job removed',
    );
    if (ok) setOpen(false);
  };

  return (
    <>
      <Button label="Remove job" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <ReasonDialog
        open={open}
        title={`Remove “${String(record.title ?? 'this job')}”`}
        confirmLabel="Remove job"
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={remove}
      />
    </>
  );
}
