import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useStore } from 'react-admin';
import { exportHref, type Dataset } from './exportHref';

const DATASETS: { id: Dataset; title: string; description: string }[] = [
  { id: 'jobs', title: 'Jobs', description: 'With the filters currently set on the Jobs list.' },
  { id: 'companies', title: 'Companies', description: 'Every company with its profile and job counts.' },
  {
    id: 'alerts',
    title: 'Alert subscriptions',
    description: 'Criteria, frequency and opt-in state; no tokens.',
  },
  { id: 'users', title: 'Users', description: 'Profile, role and verification; no password material.' },
];

/** /admin/export: streamed downloads named with today's date. */
export function ExportPage() {
  // react-admin keeps each list's parameters in its store; the jobs export follows the admin's filters.
  const [jobsParams] = useStore<{ filter?: Record<string, unknown> }>('jobs.listParams', {});
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Export" />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
        Export
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {DATASETS.map((d) => {
          const filter = d.id === 'jobs' ? jobsParams.filter : undefined;
          return (
            <Card key={d.id} component="section" aria-label={d.title}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {d.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {d.description}
                  {filter && Object.keys(filter).length > 0 ? ` Now: ${JSON.stringify(filter)}` : ''}
                </Typography>
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="contained"
                    startIcon={<DownloadIcon />}
                    href={exportHref(d.id, 'csv', filter)}
                    download
                  >
                    CSV
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={<DownloadIcon />}
                    href={exportHref(d.id, 'json', filter)}
                    download
                  >
                    JSON
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
