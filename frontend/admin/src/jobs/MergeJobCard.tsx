import CallMergeIcon from '@mui/icons-material/CallMerge';
import { Card, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useNotify, useRecordContext } from 'react-admin';
import { useAdminApi } from '../lib/useAdminApi';
import { useCommand } from '../lib/useCommand';

/**
 * An admin's explicit merge (issue 24): hide this job under another one (e.g. another source's repost of a
 * closed job). The other job does not change; the Duplicates card's Unmerge undoes it.
 */
export function MergeJobCard() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const { busy, run } = useCommand();
  const [into, setInto] = useState('');
  if (!record) return null;
  const merge = () =>
    run(async () => {
      const res = await api.mergeJob(record.id, into.trim());
      notify(res.events.length ? 'Merged: this job now redirects to the other' : 'Nothing to merge', {
        type: 'success',
      });
      setInto('');
    });
  return (
    <Card sx={{ mt: 2 }} aria-label="Merge">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Merge into another job
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <MuiTextField
            size="small"
            label="Job id (UUID) to keep"
            value={into}
            onChange={(e) => setInto(e.target.value)}
            sx={{ minWidth: 340 }}
          />
          <Button label="Merge" onClick={merge} disabled={busy || !into.trim()}>
            <CallMergeIcon />
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
