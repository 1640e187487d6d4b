import { useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  DateField,
  DateInput,
  FilterButton,
  List,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { BulkRemoveButton } from './BulkRemoveButton';
import { ExportJobsButton } from './ExportJobsButton';
import { JobStatusField } from './JobStatusField';
import { SourceNameField } from './SourceNameField';
import { EXPERIENCE_CHOICES, STATUS_CHOICES, TYPE_CHOICES } from './options';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title, company, id or slug" />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <TextInput key="source" source="source" />,
  <TextInput key="company" source="company" />,
  <NullableBooleanInput key="isRemote" source="isRemote" label="Remote" />,
  <SelectInput
    key="experienceLevel"
    source="experienceLevel"
    label="Experience"
    choices={EXPERIENCE_CHOICES}
  />,
  <SelectInput key="type" source="type" choices={TYPE_CHOICES} />,
  <DateInput key="postedAfter" source="postedAfter" label="Posted from" />,
  <DateInput key="postedBefore" source="postedBefore" label="Posted until" />,
];

function JobListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportJobsButton />
    </TopToolbar>
  );
}

export function JobList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      actions={<JobListActions />}
      sort={{ field: 'postedAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      {isSmall ? (
        <SimpleList
          primaryText={(job) => String(job.title)}
          secondaryText={(job) => `${String(job.company)} · ${String(job.status)}`}
          tertiaryText={(job) => new Date(String(job.datePosted)).toLocaleDateString()}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={<BulkRemoveButton />}>
          <NumberField source="publicId" label="Id" options={{ useGrouping: false }} />
          <TextField source="title" />
          <TextField source="company" />
          <SourceNameField source="source" label="Source" />
          <TextField source="experienceLevel" label="Experience" />
          <JobStatusField source="status" />
          <DateField source="datePosted" label="Posted" />
          <TextField source="removalReason" label="Removal reason" />
        </Datagrid>
      )}
    </List>
  );
}
