import UndoIcon from '@mui/icons-material/Undo';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Card, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useNotify, useRecordContext } from 'react-admin';
import { companySlug } from '@jobs/contracts/company-slug';
import { useAdminApi } from '../lib/useAdminApi';
import { useCommand } from '../lib/useCommand';
import { useLoad } from '../lib/useLoad';
import type { CompanyChange } from '../types';

function describe(change: CompanyChange): string {
  const values = change.changed.map((field) => {
    const value = change[field as keyof CompanyChange];
    const text = value === null || value === undefined ? 'empty' : String(value);
    return `${field}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
  });
  return values.join(' · ') || 'no field changed';
}

/**
 * The job's company profile (issue 24 §2): every change with its source, an undo for each, and the
 * company's own website and logo, which no ingestion source can change afterwards.
 */
export function CompanyProfileCard() {
  const record = useRecordContext();
  const api = useAdminApi();
  const notify = useNotify();
  const { busy, run } = useCommand();
  const [website, setWebsite] = useState('');
  const [logo, setLogo] = useState('');
  const [tick, setTick] = useState(0);
  const slug = record?.company ? companySlug(String(record.company)) : null;
  const { data } = useLoad(slug ? () => api.companyHistory(slug) : null, `${slug}:${tick}`);
  if (!record || !slug || !data) return null;

  const undo = (change: CompanyChange) =>
    run(async () => {
      const res = await api.undoCompanyChange(slug, change.eventId);
      notify(`Undone: ${res.undone.join(', ')}`, { type: 'success' });
      setTick((t) => t + 1);
    });
  const save = () =>
    run(async () => {
      await api.setCompanyProfile(slug, {
        ...(website.trim() ? { website: website.trim() } : {}),
        ...(logo.trim() ? { logo: logo.trim() } : {}),
      });
      notify("Saved as the company's own profile", { type: 'success' });
      setTick((t) => t + 1);
    });

  return (
    <Card sx={{ mt: 2 }} aria-label="Company profile">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Company profile
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <MuiTextField
            size="small"
            label="Website"
            value={website}
            onChange={(e) => setWebsite(e.target.value)}
          />
          <MuiTextField
            size="small"
            label="Logo URL"
            value={logo}
            onChange={(e) => setLogo(e.target.value)}
          />
          <Button label="Save as the company's own" onClick={save} disabled={busy || (!website && !logo)}>
            <SaveIcon />
          </Button>
        </Stack>
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          {data.map((change) => (
            <Box component="li" key={change.eventId}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2">
                  {new Date(change.at).toLocaleString()} · {change.undoOf ? 'Undo by ' : ''}
                  {change.changedBy}: {describe(change)}
                </Typography>
                {change.changed.length > 0 && (
                  <Button label="Undo" onClick={() => undo(change)} disabled={busy}>
                    <UndoIcon />
                  </Button>
                )}
              </Stack>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
