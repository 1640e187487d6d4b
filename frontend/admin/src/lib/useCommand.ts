import { useCallback, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { commandErrorMessage } from '../dataProvider';

/**
 * What every command button does around its call: busy while it runs, the failure as a notification
 * (a stale revision reads 'Someone else changed this first…'), and a refresh either way.
 * `run` resolves true when the command succeeded.
 */
export function useCommand() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (command: () => Promise<void>): Promise<boolean> => {
      setBusy(true);
      try {
        await command();
        return true;
      } catch (error) {
        notify(commandErrorMessage(error), { type: 'error' });
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
