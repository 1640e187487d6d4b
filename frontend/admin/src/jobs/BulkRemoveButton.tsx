import DeleteIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useState } from 'react';
import { Button, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { commandErrorMessage } from '../dataProvider';
import { ReasonDialog } from '../lib/ReasonDialog';
import { useAdminApi } from '../lib/useAdminApi';

/** Removes the selected jobs with one reason; jobs already removed are reported, not failed. */
export function BulkRemoveButton() {
  const { selectedIds } = useListContext();
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('jobs');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async (reason: string) => {
    setBusy(true);
    try {
      const { removed, results } = await api.bulkRemoveJobs({ ids: selectedIds, reason });
      const skipped = results.length - removed;
      notify(`${removed} removed${skipped ? `, ${skipped} skipped` : ''}`, {
        type: skipped ? 'warning' : 'success',
      });
      setOpen(false);
      unselectAll();
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
        title={`Remove ${selectedIds.length} job${selectedIds.length === 1 ? '' : 's'}`}
        confirmLabel="Remove jobs"
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={remove}
      />
    </>
  );
}
