import {
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { ATS_CHOICES } from './api';
import { StarterButton } from './SourceActions';
import { HEALTH_CHOICES, HealthField } from './HealthField';

const STATUS_CHOICES = [
  { id: 'active', name: 'Active' },
  { id: 'paused', name: 'Paused' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Company or board" />,
  <SelectInput key="kind" source="kind" label="ATS" choices={ATS_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="health" source="health" choices={HEALTH_CHOICES} alwaysOn />,
];

export function AtsSourceList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'company', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <StarterButton />
          <CreateButton label="Add source" />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="company" />
        <SelectField source="kind" label="ATS" choices={ATS_CHOICES} />
        <TextField source="board" />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <HealthField label="Health" />
        <FunctionField source="intervalMinutes" label="Interval" render={(r) => `${r.intervalMinutes} min`} />
        <DateField source="lastSuccessAt" label="Last success" showTime emptyText="never" />
        <FunctionField
          label="Last error"
          sortable={false}
          render={(r) => (r.consecutiveFailures > 0 && r.lastError ? String(r.lastError) : '')}
        />
        <NumberField source="liveJobs" label="Live jobs" />
      </Datagrid>
    </List>
  );
}
