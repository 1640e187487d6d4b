import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { atsApi, errorMessage } from '../ats-sources/api';

/** Approve (adds the ATS source) or reject (never proposed again) a proposed board. */
export function DecisionButtons() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'proposed') return null;

  const decide = async (approve: boolean) => {
    setBusy(true);
    try {
      await (approve ? atsApi.approve(record.id) : atsApi.reject(record.id));
      notify(approve ? `${record.company}: ATS source added` : `${record.company}: rejected`, {
        type: 'success',
      });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Button label="Approve" onClick={() => decide(true)} disabled={busy}>
        <CheckIcon />
      </Button>
      <Button label="Reject" onClick={() => decide(false)} disabled={busy} color="error">
        <CloseIcon />
      </Button>
    </span>
  );
}
