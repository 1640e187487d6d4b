import DoneIcon from '@mui/icons-material/DoneAll';
import { Button, useRecordContext } from 'react-admin';
import { reportsApi } from './api';
import { useReportCommand } from './useReportCommand';

/** Nothing to change: the job's open reports leave the queue. */
export function DismissReportsButton() {
  const record = useRecordContext();
  const { busy, run } = useReportCommand();
  if (!record || record.status !== 'open') return null;
  return (
    <Button
      label="Dismiss"
      disabled={busy}
      onClick={() => run(() => reportsApi.dismiss(record.id, record.revision as number), 'Reports dismissed')}
    >
      <DoneIcon />
    </Button>
  );
}
