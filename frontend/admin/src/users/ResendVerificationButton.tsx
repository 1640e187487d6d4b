import MailIcon from '@mui/icons-material/MarkEmailUnread';
import { Button, useNotify, useRecordContext } from 'react-admin';
import { useAdminApi } from '../lib/useAdminApi';
import { useCommand } from '../lib/useCommand';

/** Mails a new verification code to a user who has not verified their address. */
export function ResendVerificationButton() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const { busy, run } = useCommand();
  if (!record || record.isVerified) return null;

  const resend = () =>
    run(async () => {
      await api.resendVerification(record.id);
      notify('Verification e-mail sent', { type: 'success' });
    });

  return (
    <Button label="Resend verification" onClick={resend} disabled={busy}>
      <MailIcon />
    </Button>
  );
}
