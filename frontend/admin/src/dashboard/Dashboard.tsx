import {
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { Figure } from '../lib/Figure';
import { useAdminApi } from '../lib/useAdminApi';
import { useLoad } from '../lib/useLoad';
import { useTick } from './useTick';

const REFRESH_MS = 15_000;

function ago(iso: string | null): string {
  if (!iso) return 'never';
  const minutes = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

/** /admin: live figures, projection status and ingestion, refreshed every 15 seconds. */
export function Dashboard() {
  const api = useAdminApi();
  const tick = useTick(REFRESH_MS);
  const { data, error } = useLoad(() => api.dashboard(), String(tick));
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
        Dashboard
      </Typography>
      {error ? <Typography color="error">Could not load the figures.</Typography> : null}
      {data && (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
              mb: 2,
            }}
          >
            <Figure label="Live jobs" value={data.jobs.live} />
            <Figure label="Removed jobs" value={data.jobs.removed} />
            <Figure label="Posted last 24 hours" value={data.jobs.postedLast24h} />
            <Figure label="Posted last 7 days" value={data.jobs.postedLast7d} />
            <Figure label="Confirmed alerts" value={data.alertsConfirmed} />
            <Figure label="Users" value={data.users} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <Card>
              <CardContent sx={{ overflowX: 'auto' }}>
                <Typography variant="h6" component="h2">
                  Projections
                </Typography>
                <Table size="small" aria-label="Projections">
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>State</TableCell>
                      <TableCell align="right">Position</TableCell>
                      <TableCell align="right">Lag (events)</TableCell>
                      <TableCell align="right">Lag (s)</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.projections.map((p) => (
                      <TableRow key={p.name}>
                        <TableCell>{p.name}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            label={p.state}
                            color={
                              p.state === 'live' ? 'success' : p.state === 'failed' ? 'error' : 'default'
                            }
                            title={p.lastError ?? undefined}
                          />
                        </TableCell>
                        <TableCell align="right">{p.position?.commit ?? '—'}</TableCell>
                        <TableCell align="right">
                          {p.lagEvents >= 1_000_000 ? '1,000,000+' : p.lagEvents.toLocaleString('en-US')}
                        </TableCell>
                        <TableCell align="right">
                          {Math.round(p.lagSeconds).toLocaleString('en-US')}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CardContent>
            </Card>
            <Card>
              <CardContent sx={{ overflowX: 'auto' }}>
                <Typography variant="h6" component="h2">
                  Ingestion
                </Typography>
                <Table size="small" aria-label="Ingestion sources">
                  <TableHead>
                    <TableRow>
                      <TableCell>Source</TableCell>
                      <TableCell>Last ingestion</TableCell>
                      <TableCell align="right">Items</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.sources.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={3}>No ingestion sources yet</TableCell>
                      </TableRow>
                    )}
                    {data.sources.map((s) => (
                      <TableRow key={s.id}>
                        <TableCell>
                          {s.name}{' '}
                          <Typography component="span" variant="caption" color="text.secondary">
                            ({s.kind})
                          </Typography>
                        </TableCell>
                        <TableCell title={s.lastIngestAt ?? undefined}>{ago(s.lastIngestAt)}</TableCell>
                        <TableCell align="right">{s.itemsIngested.toLocaleString()}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CardContent>
            </Card>
          </Box>
        </>
      )}
    </Box>
  );
}
