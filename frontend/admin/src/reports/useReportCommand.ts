import { useCallback, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { reportErrorMessage } from './api';

/** Busy while a report command runs; success or the server's message as a notification; refresh either way. */
export function useReportCommand() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (command: () => Promise<unknown>, done: string): Promise<boolean> => {
      setBusy(true);
      try {
        await command();
        notify(done, { type: 'success' });
        return true;
      } catch (error) {
        notify(reportErrorMessage(error), { type: 'error' });
        return false;
      } finally {
        setBusy(false);
        refresh();
      }
    },
    [notify, refresh],
  );
  return { busy, run };
}
