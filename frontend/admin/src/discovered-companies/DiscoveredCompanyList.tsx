import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { ATS_CHOICES } from '../ats-sources/api';
import { DecisionButtons } from './DecisionButtons';

const STATUS_CHOICES = [
  { id: 'proposed', name: 'To review' },
  { id: 'approved', name: 'Approved' },
  { id: 'rejected', name: 'Rejected' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Company, board or candidate" />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="kind" source="kind" label="ATS" choices={ATS_CHOICES} />,
];

export function DiscoveredCompanyList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'proposed' }}
      sort={{ field: 'foundAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="company" />
        <SelectField source="kind" label="ATS" choices={ATS_CHOICES} />
        <TextField source="board" />
        <NumberField source="jobCount" label="Jobs" />
        <FunctionField
          label="Sample titles"
          sortable={false}
          render={(r) => (Array.isArray(r.sampleTitles) ? r.sampleTitles.join(' · ') : '')}
        />
        <TextField source="candidate" />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <DateField source="foundAt" label="Found" showTime />
        <ReferenceField
          source="atsSourceId"
          reference="ats-sources"
          label="Source"
          link="show"
          emptyText=""
        />
        <DecisionButtons />
      </Datagrid>
    </List>
  );
}
