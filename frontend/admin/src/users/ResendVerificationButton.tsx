import MailIcon from '@mui/icons-material/MarkEmailUnread';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { commandErrorMessage } from '../dataProvider';
import { useAdminApi } from '../lib/useAdminApi';

/** Mails a new verification code to a user who has not verified their address. */
export function ResendVerificationButton() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.isVerified) return null;

  const resend = async () => {
    setBusy(true);
    try {
      await api.resendVerification(record.id);
      notify('Verification e-mail sent', { type: 'success' });
    } catch (error) {
      notify(commandErrorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Button label="Resend verification" onClick={resend} disabled={busy}>
      <MailIcon />
    </Button>
  );
}
