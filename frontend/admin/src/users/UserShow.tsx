import {
  ArrayField,
  BooleanField,
  Datagrid,
  DateField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { ChangeRoleButton } from './ChangeRoleButton';
import { ResendVerificationButton } from './ResendVerificationButton';

function UserShowActions() {
  return (
    <TopToolbar>
      <ResendVerificationButton />
      <ChangeRoleButton />
    </TopToolbar>
  );
}

export function UserShow() {
  return (
    <Show actions={<UserShowActions />}>
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <TextField source="username" />
        <TextField source="email" />
        <TextField source="firstName" emptyText="—" />
        <TextField source="lastName" emptyText="—" />
        <TextField source="role" />
        <BooleanField source="isVerified" label="Verified" />
        <DateField source="verifiedAt" showTime emptyText="—" />
        <BooleanField source="verificationPending" label="Verification code pending" />
        <DateField source="registeredAt" showTime />
        <NumberField source="revision" />
        <ArrayField source="alerts" label="Job alerts">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>No alerts</span>}>
            <TextField source="title" emptyText="Any title" />
            <TextField source="location" emptyText="Anywhere" />
            <TextField source="frequency" />
            <TextField source="status" />
            <DateField source="subscribedAt" />
            <DateField source="lastDigestAt" emptyText="—" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}
