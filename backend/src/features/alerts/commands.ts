import { alertStreamId, type JobAlertEvent } from '@jobs/contracts';
import type { EventStore } from '@jobs/contracts/eventstore';
import {
  handleCommand,
  type CommandMetadata,
  type HandleContext,
  type HandleResult,
} from '../../commands/handle';
import { HttpError } from '../../http/errors';
import type { AlertState } from './alert';
import { AlertRuleError, alertDecider, type AlertCommand } from './decide';

/** Runs an alert command; a broken rule becomes the HTTP error of the same code. */
export async function runAlertCommand(
  store: EventStore,
  alertId: string,
  command: AlertCommand,
  metadata: CommandMetadata,
  options: Omit<HandleContext<JobAlertEvent>, 'metadata'> = {},
): Promise<HandleResult<JobAlertEvent, AlertState>> {
  try {
    return await handleCommand(store, alertStreamId(alertId), alertDecider, command, {
      ...options,
      metadata,
    });
  } catch (err) {
    if (err instanceof AlertRuleError) throw new HttpError(err.code, err.message);
    throw err;
  }
}
