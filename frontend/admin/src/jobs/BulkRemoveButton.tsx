import DeleteIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useState } from 'react';
import { Button, useListContext, useNotify, useUnselectAll } from 'react-admin';
import { ReasonDialog } from '../lib/ReasonDialog';
import { useAdminApi } from '../lib/useAdminApi';
import { useCommand } from '../lib/useCommand';

/** Removes the selected jobs with one reason; jobs already removed are reported, not failed. */
export function BulkRemoveButton() {
  const { selectedIds } = useListContext();
  const api = useAdminApi();
  const notify = useNotify();
  const unselectAll = useUnselectAll('jobs');
  const { busy, run } = useCommand();
  const [open, setOpen] = useState(false);

  const remove = (reason: string) =>
    run(async () => {
      const { removed, results } = await api.bulkRemoveJobs({ ids: selectedIds, reason });
      const skipped = results.length - removed;
      notify(`${removed} removed${skipped ? `, ${skipped} skipped` : ''}`, {
        type: skipped ? 'warning' : 'success',
      });
      setOpen(false);
      unselectAll();
    });

  return (
    <>
      <Button label="Remove" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <ReasonDialog
        open={open}
        title={`Remove ${selectedIds.length} job${selectedIds.length === 1 ? '' : 's'}`}
        confirmLabel="Remove jobs"
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={remove}
      />
    </>
  );
}
