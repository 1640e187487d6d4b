import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useAdminApi } from '../lib/useAdminApi';
import { useLoad } from '../lib/useLoad';
import type { DuplicateLink } from '../types';
import { UnmergeJobButton } from './UnmergeJobButton';

function Linked({ link }: { link: DuplicateLink }) {
  return (
    <Link component={RouterLink} to={`/jobs/${link.jobId}/show`}>
      {link.title} · {link.company} · {link.sourceName ?? link.source} ({link.externalId})
    </Link>
  );
}

function score(link: DuplicateLink): string {
  return `${link.reason ?? 'duplicate'}${link.score !== null ? `, similarity ${link.score.toFixed(2)}` : ''}`;
}

/** The job's merge links: what it is shown as, or its other sources, each with an unmerge. */
export function JobDuplicates() {
  const record = useRecordContext();
  const api = useAdminApi();
  const id = record?.id;
  // Opened by its URL, the show page has no record until its fetch answers: nothing to load yet.
  const { data } = useLoad(
    id === undefined ? null : () => api.jobDuplicates(id),
    `${id}:${record?.revision}`,
  );
  if (!record || !data || (!data.mergedInto && data.duplicates.length === 0)) return null;
  return (
    <Card sx={{ mt: 2 }} aria-label="Duplicates">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Duplicates
        </Typography>
        {data.mergedInto && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">Merged into</Typography>
            <Linked link={data.mergedInto} />
            <Typography variant="body2" color="text.secondary">
              ({score(data.mergedInto)}); its page redirects there.
            </Typography>
            <UnmergeJobButton jobId={String(record.id)} />
          </Stack>
        )}
        {data.duplicates.length > 0 && (
          <Box component="ul" sx={{ pl: 2, m: 0 }}>
            {data.duplicates.map((d) => (
              <Box component="li" key={d.jobId}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2">Also from</Typography>
                  <Linked link={d} />
                  <Typography variant="body2" color="text.secondary">
                    ({score(d)})
                  </Typography>
                  <UnmergeJobButton jobId={d.jobId} />
                </Stack>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
