import { Create, NumberInput, required, SelectInput, SimpleForm, TextInput, useNotify } from 'react-admin';
import { ATS_CHOICES, errorMessage } from './api';
import { CheckBoardButton } from './CheckBoardButton';

/** The server fetches the board once more before saving and refuses one it cannot read. */
export function AtsSourceCreate() {
  const notify = useNotify();
  return (
    <Create
      redirect="show"
      mutationOptions={{ onError: (error) => notify(errorMessage(error), { type: 'error' }) }}
    >
      <SimpleForm defaultValues={{ intervalMinutes: 60 }}>
        <SelectInput source="kind" label="ATS" choices={ATS_CHOICES} validate={required()} />
        <TextInput
          source="board"
          label="Board token or slug"
          helperText="As in the board's URL, e.g. boards.greenhouse.io/acme → acme (Lever EU: eu:acme)"
          validate={required()}
        />
        <TextInput source="company" validate={required()} />
        <NumberInput source="intervalMinutes" label="Interval (minutes)" min={5} step={5} />
        <TextInput
          source="baseUrl"
          label="API base URL (optional)"
          helperText="Only for self-hosted boards or tests; empty uses the vendor's API"
        />
        <CheckBoardButton />
      </SimpleForm>
    </Create>
  );
}
