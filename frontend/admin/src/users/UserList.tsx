import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  DateField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';

export const ROLE_CHOICES = [
  { id: 'user', name: 'User' },
  { id: 'admin', name: 'Admin' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Username, e-mail or name" />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} alwaysOn />,
  <NullableBooleanInput key="verified" source="verified" label="Verified" />,
];

export function UserList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'registeredAt', order: 'DESC' }} perPage={25} exporter={false}>
      {isSmall ? (
        <SimpleList
          primaryText={(u) => String(u.username)}
          secondaryText={(u) => String(u.email)}
          tertiaryText={(u) => String(u.role)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="username" />
          <TextField source="email" />
          <TextField source="role" />
          <BooleanField source="isVerified" label="Verified" />
          <DateField source="registeredAt" label="Registered" />
        </Datagrid>
      )}
    </List>
  );
}
