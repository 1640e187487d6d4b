import PauseIcon from '@mui/icons-material/Pause';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SyncIcon from '@mui/icons-material/Sync';
import TimerIcon from '@mui/icons-material/Timer';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField as MuiTextField,
} from '@mui/material';
import { useState } from 'react';
import { Button, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { atsApi, errorMessage } from './api';

function useCommand() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    try {
      notify(await fn(), { type: 'success' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return { busy, run };
}

export function RunNowButton() {
  const record = useRecordContext();
  const { busy, run } = useCommand();
  if (!record) return null;
  return (
    <Button
      label={busy ? 'Running…' : 'Run now'}
      disabled={busy}
      onClick={() =>
        run(async () => {
          const { sync } = await atsApi.run(record.id);
          if (!sync.ok) throw new Error(`Sync failed: ${sync.error?.message ?? 'unknown error'}`);
          const c = sync.counts;
          const rejected = c.rejected ? `, ${c.rejected} rejected (see the sync history)` : '';
          return `Synced: ${c.seen} on the board, ${c.created} new, ${c.updated} updated, ${c.reposted} reposted, ${c.removed} closed${rejected}`;
        })
      }
    >
      <SyncIcon />
    </Button>
  );
}

export function PauseResumeButton() {
  const record = useRecordContext();
  const { busy, run } = useCommand();
  if (!record) return null;
  const paused = record.status === 'paused';
  return (
    <Button
      label={paused ? 'Resume' : 'Pause'}
      disabled={busy}
      onClick={() =>
        run(async () => {
          await (paused ? atsApi.resume(record.id) : atsApi.pause(record.id));
          return paused ? 'Source resumed' : 'Source paused';
        })
      }
    >
      {paused ? <PlayArrowIcon /> : <PauseIcon />}
    </Button>
  );
}

export function IntervalButton() {
  const record = useRecordContext();
  const { busy, run } = useCommand();
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState('');
  if (!record) return null;
  return (
    <>
      <Button
        label="Interval"
        onClick={() => {
          setMinutes(String(record.intervalMinutes));
          setOpen(true);
        }}
      >
        <TimerIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Pull interval</DialogTitle>
        <DialogContent>
          <MuiTextField
            autoFocus
            type="number"
            label="Minutes (5 to 10080)"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="Cancel" onClick={() => setOpen(false)} />
          <Button
            label="Save"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await atsApi.interval(record.id, Number(minutes));
                setOpen(false);
                return 'Interval changed';
              })
            }
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Registers the starter list of real companies (backend/src/features/ats/starter-companies.json). */
export function StarterButton() {
  const { busy, run } = useCommand();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="Add starter companies" onClick={() => setOpen(true)}>
        <PlaylistAddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Add the starter companies?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Over a hundred real companies that hire remotely are added as ATS sources, each with its public
            job board and where it was found. Companies already added are left as they are. The bot syncs them
            every 4 hours when it runs and the server can reach the job boards.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button label="Cancel" onClick={() => setOpen(false)} />
          <Button
            label={busy ? 'Adding…' : 'Add'}
            disabled={busy}
            onClick={() =>
              run(async () => {
                const { added, existing } = await atsApi.starter();
                setOpen(false);
                return `Added ${added} starter companies${existing ? ` (${existing} were already ATS sources)` : ''}`;
              })
            }
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

export function SourceActions() {
  return (
    <TopToolbar>
      <RunNowButton />
      <PauseResumeButton />
      <IntervalButton />
    </TopToolbar>
  );
}
