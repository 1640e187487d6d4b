import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useAdminApi } from '../lib/useAdminApi';
import { useLoad } from '../lib/useLoad';
import type { HistoryEntry } from '../types';

function value(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function Entry({ entry }: { entry: HistoryEntry }) {
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 2, pb: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" color="primary" label={entry.type} />
        <Typography variant="body2" color="text.secondary">
          {new Date(entry.time).toLocaleString()} · {entry.actor} · revision {entry.revision}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {entry.summary}
      </Typography>
      {entry.changes.length > 0 && (
        <Box component="dl" sx={{ m: 0, mt: 0.5, fontSize: 13, wordBreak: 'break-word' }}>
          {entry.changes.map((c) => (
            <Box key={c.field} sx={{ display: 'flex', gap: 1 }}>
              <Box component="dt" sx={{ fontWeight: 600, minWidth: 110 }}>
                {c.field}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {c.before !== null && c.before !== undefined ? `${value(c.before)} → ` : ''}
                {value(c.after)}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The job stream's events as a timeline, newest first, read from the event store. */
export function JobHistory() {
  const record = useRecordContext();
  const api = useAdminApi();
  const id = record?.id;
  const { data, error, isPending } = useLoad(
    id === undefined ? null : () => api.jobHistory(id),
    `${id}:${record?.revision}`,
  );
  if (!record) return null;
  return (
    <Card sx={{ mt: 2 }} aria-label="History">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          History
        </Typography>
        {isPending && !data && <Typography color="text.secondary">Loading…</Typography>}
        {error ? <Typography color="error">Could not load the history.</Typography> : null}
        <Box component="ol" sx={{ p: 0, m: 0 }}>
          {[...(data ?? [])].reverse().map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
