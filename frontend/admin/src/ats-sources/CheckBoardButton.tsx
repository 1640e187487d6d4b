import { Alert } from '@mui/material';
import { useState } from 'react';
import { Button } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { BoardCheckResult } from '@jobs/contracts/ats';
import { atsApi, errorMessage } from './api';

/** Fetches the board once with what the form holds and says what it found. */
export function CheckBoardButton() {
  const form = useFormContext();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BoardCheckResult | { error: string } | null>(null);

  const check = async () => {
    const { kind, board, baseUrl } = form.getValues() as { kind?: string; board?: string; baseUrl?: string };
    if (!kind || !board) return setResult({ error: 'Choose the ATS and give the board first.' });
    setBusy(true);
    try {
      setResult(await atsApi.check({ kind, board, baseUrl: baseUrl || null }));
    } catch (error) {
      setResult({ error: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label={busy ? 'Checking…' : 'Check board'} onClick={check} disabled={busy} variant="outlined" />
      {result && 'ok' in result && result.ok && (
        <Alert severity="success" sx={{ mt: 1 }} data-testid="board-check">
          Found {result.jobCount} {result.jobCount === 1 ? 'job' : 'jobs'}
          {result.company ? ` at ${result.company}` : ''}
          {result.sampleTitles.length ? `: ${result.sampleTitles.join(', ')}` : ''}
        </Alert>
      )}
      {result && 'ok' in result && !result.ok && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="board-check">
          {result.error?.message}
        </Alert>
      )}
      {result && !('ok' in result) && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="board-check">
          {result.error}
        </Alert>
      )}
    </>
  );
}
