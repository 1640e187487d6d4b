import { Datagrid, DateField, List, NumberField, SelectField, SelectInput, TextField } from 'react-admin';
import { ReasonsField } from './ReasonsField';

export const QUEUE_CHOICES = [
  { id: 'open', name: 'Open' },
  { id: 'handled', name: 'Handled' },
];
const JOB_STATUS_CHOICES = [
  { id: 'live', name: 'Live' },
  { id: 'removed', name: 'Removed' },
];

const filters = [<SelectInput key="status" source="status" label="Queue" choices={QUEUE_CHOICES} alwaysOn />];

/** One row per reported job, newest report first; the open queue by default. */
export function ReportList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'lastReportedAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="title" label="Job" emptyText="(unknown job)" />
        <TextField source="company" sortable={false} emptyText="—" />
        <NumberField source="openCount" label="Open" />
        <NumberField source="reportCount" label="Reports" />
        <ReasonsField label="Reasons" />
        <TextField source="latestNote" label="Latest note" sortable={false} emptyText="—" />
        <DateField source="lastReportedAt" label="Last reported" showTime />
        <SelectField source="jobStatus" label="Job status" choices={JOB_STATUS_CHOICES} sortable={false} />
      </Datagrid>
    </List>
  );
}
