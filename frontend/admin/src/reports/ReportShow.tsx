import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button } from '@mui/material';
import {
  ArrayField,
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  Link,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCreatePath,
  useRecordContext,
} from 'react-admin';
import { CorrectWorkplaceButton } from './CorrectWorkplaceButton';
import { DismissReportsButton } from './DismissReportsButton';
import { ReasonsField, reasonLabel } from './ReasonsField';
import { QUEUE_CHOICES } from './ReportList';
import { RemoveReportedJobButton } from './RemoveReportedJobButton';

const REPORT_STATUS_CHOICES = [
  { id: 'open', name: 'Open' },
  { id: 'dismissed', name: 'Dismissed' },
  { id: 'corrected', name: 'Corrected' },
  { id: 'removed', name: 'Removed' },
];

function PublicPageLink() {
  const record = useRecordContext();
  if (!record?.publicId) return null;
  return (
    <Button
      size="small"
      startIcon={<OpenInNewIcon />}
      href={`/jobs/${String(record.publicId)}`}
      target="_blank"
      rel="noopener"
    >
      Public page
    </Button>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <PublicPageLink />
      <DismissReportsButton />
      <CorrectWorkplaceButton />
      <RemoveReportedJobButton />
    </TopToolbar>
  );
}

function Title() {
  const record = useRecordContext();
  return <span>Reports: {record?.title ? String(record.title) : 'job'}</span>;
}

function JobLink() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link to={createPath({ resource: 'jobs', type: 'show', id: record.id })}>
      {String(record.title ?? record.id)}
    </Link>
  );
}

/** A reported job: its state, the actions, and every report (reason, note, when, what was done). */
export function ReportShow() {
  return (
    <Show actions={<Actions />} title={<Title />}>
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <FunctionField label="Job" render={() => <JobLink />} />
        <TextField source="company" emptyText="—" />
        <TextField source="workplace" emptyText="—" />
        <SelectField
          source="jobStatus"
          label="Job status"
          choices={[
            { id: 'live', name: 'Live' },
            { id: 'removed', name: 'Removed' },
          ]}
        />
        <TextField source="removalReason" emptyText="—" />
        <SelectField source="status" label="Queue" choices={QUEUE_CHOICES} />
        <NumberField source="openCount" label="Open reports" />
        <ReasonsField label="Reasons" />
        <ArrayField source="reports">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <FunctionField label="Reason" render={(r) => reasonLabel(String(r.reason))} />
            <TextField source="note" emptyText="—" />
            <BooleanField source="signedIn" label="Signed in" />
            <DateField source="reportedAt" label="Reported" showTime />
            <SelectField source="status" choices={REPORT_STATUS_CHOICES} />
            <TextField source="detail" label="Outcome" emptyText="—" />
            <DateField source="handledAt" label="Handled" showTime emptyText="—" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}
