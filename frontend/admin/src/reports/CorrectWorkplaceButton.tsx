import EditIcon from '@mui/icons-material/EditLocationAlt';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import { WORKPLACES, type Workplace } from '@jobs/contracts/jobs';
import { reportsApi } from './api';
import { useReportCommand } from './useReportCommand';

const LABELS: Record<Workplace, string> = { remote: 'Remote', hybrid: 'Hybrid', 'on-site': 'On-site' };

/** Corrects where the job is done from (a JobCorrected the site and search show), and resolves the reports. */
export function CorrectWorkplaceButton() {
  const record = useRecordContext();
  const { busy, run } = useReportCommand();
  const [open, setOpen] = useState(false);
  const [workplace, setWorkplace] = useState<Workplace | ''>('');
  if (!record || record.status !== 'open' || record.jobStatus !== 'live') return null;

  const submit = async () => {
    if (!workplace) return;
    const ok = await run(
      () => reportsApi.correct(record.id, workplace, record.revision as number),
      'Job corrected',
    );
    if (ok) setOpen(false);
  };

  return (
    <>
      <Button label="Correct workplace" onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Correct the workplace</DialogTitle>
        <DialogContent>
          <RadioGroup
            aria-label="Workplace"
            value={workplace || (record.workplace as string)}
            onChange={(e) => setWorkplace(e.target.value as Workplace)}
          >
            {WORKPLACES.map((w) => (
              <FormControlLabel key={w} value={w} control={<Radio />} label={LABELS[w]} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Cancel</MuiButton>
          <MuiButton
            variant="contained"
            disabled={!workplace || workplace === record.workplace || busy}
            onClick={submit}
          >
            Save correction
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
