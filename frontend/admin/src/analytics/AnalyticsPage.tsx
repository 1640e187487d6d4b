import { Box, Card, CardContent, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { useAdminApi } from '../lib/useAdminApi';
import { useLoad } from '../lib/useLoad';
import { BreakdownChart } from './BreakdownChart';
import { DailyChart } from './DailyChart';
import { TermsTable } from './TermsTable';

const PERIODS = ['7d', '30d', '90d'] as const;

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** /admin/analytics: charts over a period. */
export function AnalyticsPage() {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('30d');
  const api = useAdminApi();
  const { data, error } = useLoad(() => api.analytics(period), period);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Analytics" />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Analytics
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_, value: (typeof PERIODS)[number] | null) => value && setPeriod(value)}
          aria-label="Period"
        >
          {PERIODS.map((p) => (
            <ToggleButton key={p} value={p}>
              {p === '7d' ? '7 days' : p === '30d' ? '30 days' : '90 days'}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {error ? <Typography color="error">Could not load the analytics.</Typography> : null}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <Panel title="Jobs posted and removed per day">
            <DailyChart
              data={data.jobsPerDay}
              series={[
                { key: 'posted', name: 'Posted', color: '#4f46e5' },
                { key: 'removed', name: 'Removed', color: '#94a3b8' },
              ]}
            />
          </Panel>
          <Panel title="Alert subscriptions and digests per day">
            <DailyChart
              data={data.alertsPerDay}
              series={[
                { key: 'subscribed', name: 'Subscribed', color: '#4f46e5' },
                { key: 'confirmed', name: 'Confirmed', color: '#16a34a' },
                { key: 'digests', name: 'Digests sent', color: '#f59e0b' },
              ]}
            />
          </Panel>
          <Panel title="Live jobs by continent">
            <BreakdownChart data={data.liveJobsBy.continent} />
          </Panel>
          <Panel title="Live jobs by experience">
            <BreakdownChart data={data.liveJobsBy.experienceLevel} />
          </Panel>
          <Panel title="Live jobs by type">
            <BreakdownChart data={data.liveJobsBy.type} />
          </Panel>
          <Panel title="Live jobs by source">
            <BreakdownChart data={data.liveJobsBy.source} />
          </Panel>
          <Panel title="Top search terms">
            <TermsTable
              rows={data.topSearches.map((t) => ({ term: t.term, count: t.searches }))}
              label="Searches"
            />
          </Panel>
          <Panel title="Searches without results">
            <TermsTable
              rows={data.zeroResultSearches.map((t) => ({ term: t.term, count: t.searches }))}
              label="Searches"
            />
          </Panel>
        </Box>
      )}
    </Box>
  );
}
