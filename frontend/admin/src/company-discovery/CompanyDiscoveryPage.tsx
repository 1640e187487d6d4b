import { Alert, Box, Card, CardContent, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type ChangeEvent } from 'react';
import { Button, Link, Title, useBasename } from 'react-admin';
import { atsApi, errorMessage, type DiscoveryRun } from '../ats-sources/api';

/**
 * Candidates in (typed, a CSV file, or found among the companies we already hold), probes out:
 * the discoverer looks for a live board on every supported ATS and records what it finds for
 * review under Discovered companies.
 */
export function CompanyDiscoveryPage() {
  const basename = useBasename();
  const [candidates, setCandidates] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [run, setRun] = useState<DiscoveryRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!run || run.status !== 'running') return;
    const timer = setTimeout(() => {
      atsApi.discoveryRun(run.id).then(setRun, (e: unknown) => setError(errorMessage(e)));
    }, 1000);
    return () => clearTimeout(timer);
  }, [run]);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    const text = file ? (await file.text()).trim() : '';
    if (text) setCandidates((c) => `${c}${c && !c.endsWith('\n') ? '\n' : ''}${text}\n`);
    e.target.value = '';
  };

  const fromJobs = async () => {
    setError(null);
    try {
      const { candidates: found } = await atsApi.candidates();
      if (found.length === 0) setError('No new candidates among the companies we hold.');
      else setCandidates((c) => `${c}${c && !c.endsWith('\n') ? '\n' : ''}${found.join('\n')}\n`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      setRun(await atsApi.discover({ candidates, baseUrl: baseUrl.trim() || null }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const running = run?.status === 'running';
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Company discovery" />
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          <Typography variant="body2">
            One candidate a line: a company name, a domain or a board slug. A CSV file&apos;s first column
            works too.
          </Typography>
          <TextField
            label="Candidates"
            multiline
            minRows={6}
            value={candidates}
            onChange={(e) => setCandidates(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': 'Candidates' } }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button label="Upload CSV" component="label" variant="outlined">
              <input hidden type="file" accept=".csv,.txt,text/csv,text/plain" onChange={upload} />
            </Button>
            <Button label="Find candidates in ingested jobs" onClick={fromJobs} variant="outlined" />
          </Box>
          <TextField
            label="API base URL (optional)"
            helperText="Only for self-hosted boards or tests; empty probes the vendors' APIs"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            size="small"
          />
          <Box>
            <Button
              label={running ? 'Discovering…' : 'Discover boards'}
              onClick={start}
              disabled={busy || running || !candidates.trim()}
              variant="contained"
            />
          </Box>
          {error && <Alert severity="warning">{error}</Alert>}
          {run && (
            <Box data-testid="discovery-run">
              {running && (
                <LinearProgress
                  variant="determinate"
                  value={run.probes ? (100 * run.probed) / run.probes : 0}
                />
              )}
              <Typography variant="body2" sx={{ mt: 1 }}>
                {run.status === 'failed'
                  ? `Discovery failed: ${run.error}`
                  : `${run.status === 'finished' ? 'Done' : 'Probing'}: ${run.probed} of ${run.probes} probes for ${run.candidates} candidates, ${run.found} new ${run.found === 1 ? 'board' : 'boards'} found.`}
              </Typography>
              {run.status === 'finished' && (
                <Link to={`${basename}/discovered-companies`}>Review discovered companies</Link>
              )}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
