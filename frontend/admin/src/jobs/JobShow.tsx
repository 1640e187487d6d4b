import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button } from '@mui/material';
import {
  DateField,
  FunctionField,
  NumberField,
  RichTextField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  UrlField,
  useRecordContext,
} from 'react-admin';
import { CompanyProfileCard } from './CompanyProfileCard';
import { JobDuplicates } from './JobDuplicates';
import { JobHistory } from './JobHistory';
import { JobStatusField } from './JobStatusField';
import { SourceNameField } from './SourceNameField';
import { RemoveJobButton } from './RemoveJobButton';
import { RepostJobButton } from './RepostJobButton';

function PublicPageLink() {
  const record = useRecordContext();
  if (!record) return null;
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

function JobShowActions() {
  return (
    <TopToolbar>
      <PublicPageLink />
      <RepostJobButton />
      <RemoveJobButton />
    </TopToolbar>
  );
}

function JobTitle() {
  const record = useRecordContext();
  return <span>{record ? String(record.title) : 'Job'}</span>;
}

export function JobShow() {
  return (
    <Show actions={<JobShowActions />} title={<JobTitle />}>
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <TextField source="title" />
        <TextField source="company" />
        <JobStatusField source="status" />
        <TextField source="removalReason" emptyText="—" />
        <DateField source="removedAt" showTime emptyText="—" />
        <NumberField source="publicId" label="Public id" options={{ useGrouping: false }} />
        <TextField source="slug" />
        <TextField source="id" label="Job id" />
        <SourceNameField label="Source" />
        <TextField source="source" label="Source id" />
        <TextField source="externalId" />
        <TextField source="location" />
        <TextField source="workplace" />
        <TextField source="countryName" label="Country" emptyText="—" />
        <TextField source="continent" emptyText="—" />
        <TextField source="type" />
        <TextField source="experienceLevel" label="Experience" />
        <TextField source="industry" />
        <TextField source="department" emptyText="—" />
        <TextField source="salary" emptyText="—" />
        <FunctionField
          label="Skills"
          render={(r) => ((r.skills as string[] | undefined) ?? []).join(', ') || '—'}
        />
        <DateField source="datePosted" showTime />
        <DateField source="postedAt" label="First seen" showTime />
        <DateField source="updatedAt" showTime />
        <NumberField source="revision" />
        <UrlField source="applicationUrl" target="_blank" rel="noopener" />
        <UrlField source="sourceUrl" emptyText="—" target="_blank" rel="noopener" />
        <RichTextField source="description" />
      </SimpleShowLayout>
      <JobDuplicates />
      <CompanyProfileCard />
      <JobHistory />
    </Show>
  );
}
