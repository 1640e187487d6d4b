import {
  ArrayField,
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { Typography } from '@mui/material';
import type { SyncProblem } from '@jobs/contracts/ats';
import { ATS_CHOICES } from './api';
import { SourceActions } from './SourceActions';
import { HealthField } from './HealthField';

const counts = (c: Record<string, number> | null | undefined) =>
  c
    ? `${c.seen} seen · ${c.created} new · ${c.updated} updated · ${c.reposted} reposted · ${c.removed} closed · ${c.missing} missing once · ${c.rejected} rejected`
    : '';

/** The postings a sync rejected or degraded alone, with the reason (the sync log of issue 19). */
function SyncProblems({ problems }: { problems: SyncProblem[] | undefined }) {
  if (!problems?.length) return null;
  const which = (p: SyncProblem) =>
    p.title && p.externalId
      ? `${p.title} (${p.externalId})`
      : (p.title ?? (p.externalId ? `posting ${p.externalId}` : 'board'));
  return (
    <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
      {problems.map((p, i) => (
        <li key={i}>
          <Typography
            variant="body2"
            component="span"
            color={p.action === 'rejected' ? 'error' : 'text.secondary'}
          >
            {`${p.action === 'rejected' ? 'Rejected' : 'Degraded'} · ${which(p)}: ${p.message}`}
          </Typography>
        </li>
      ))}
    </ul>
  );
}

export function AtsSourceShow() {
  return (
    <Show actions={<SourceActions />}>
      <SimpleShowLayout>
        <TextField source="company" />
        <SelectField source="kind" label="ATS" choices={ATS_CHOICES} />
        <TextField source="board" />
        <TextField source="baseUrl" label="API base URL" emptyText="vendor default" />
        <TextField source="status" />
        <Labeled label="Health">
          <HealthField withError />
        </Labeled>
        <FunctionField label="Interval" render={(r) => `${r.intervalMinutes} min`} />
        <NumberField source="liveJobs" label="Live jobs" />
        <DateField source="lastSuccessAt" label="Last success" showTime emptyText="never" />
        <FunctionField
          label="Last error"
          render={(r) =>
            r.lastError ? `${r.lastError} (${new Date(r.lastErrorAt).toLocaleString()})` : 'none'
          }
        />
        <DateField source="nextRunAt" label="Next run" showTime emptyText="as soon as the bot runs" />
        <Labeled label="Sync history">
          <ArrayField source="syncs">
            <Datagrid
              bulkActionButtons={false}
              rowClick={false}
              empty={<Typography variant="body2">No sync yet</Typography>}
            >
              <DateField source="startedAt" label="Started" showTime />
              <DateField source="finishedAt" label="Finished" showTime />
              <BooleanField source="ok" label="OK" />
              <FunctionField label="Counts" render={(s) => counts(s.counts)} />
              <TextField source="error" emptyText="" />
              <FunctionField
                label="Jobs rejected or degraded"
                render={(s) => <SyncProblems problems={s.problems as SyncProblem[] | undefined} />}
              />
            </Datagrid>
          </ArrayField>
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
