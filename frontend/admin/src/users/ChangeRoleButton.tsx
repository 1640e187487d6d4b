import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { commandErrorMessage } from '../dataProvider';
import { useAdminApi } from '../lib/useAdminApi';

/** ChangeRole to the other role, with the revision on screen; a stale revision says someone changed it first. */
export function ChangeRoleButton() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const role = record.role === 'admin' ? 'user' : 'admin';

  const change = async () => {
    setBusy(true);
    try {
      await api.changeUserRole(record.id, { role, expectedRevision: record.revision as number });
      notify(`Role changed to ${role}`, { type: 'success' });
    } catch (error) {
      notify(commandErrorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Button label={role === 'admin' ? 'Make admin' : 'Make user'} onClick={change} disabled={busy}>
      <AdminIcon />
    </Button>
  );
}
