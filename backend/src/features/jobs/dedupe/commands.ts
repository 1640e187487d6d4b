/**
 * Running duplicate and job commands on a job's stream: read, fold, decide, append with the revision read,
 * retried when another writer (an ingestion batch) moved the stream in between.
 */
import { WrongExpectedVersionError, type EventStore, type JobEvent, type Position } from '@jobs/contracts';
import { handleCommand, type CommandMetadata, type Decider } from '../../../commands/handle';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../../commands/ids';
import { jobStreamId, type JobState } from '../job';

const ATTEMPTS = 5;

export const DEDUPE_ACTOR = 'system:duplicates';

export async function runOnJob<Command>(
  store: EventStore,
  jobId: string,
  decider: Decider<Command, JobEvent, JobState>,
  command: Command,
  options: { metadata: CommandMetadata; now?: Date; expectedRevision?: number; idKey?: string },
): Promise<{ position: Position | null; events: JobEvent[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await handleCommand(store, jobStreamId(jobId), decider, command, {
        metadata: options.metadata,
        ...(options.now ? { now: options.now } : {}),
        ...(options.expectedRevision !== undefined ? { expectedRevision: options.expectedRevision } : {}),
        // Derived from what caused it: a retried reaction appends nothing twice.
        ...(options.idKey
          ? {
              eventId: (e: JobEvent, i: number) =>
                uuidFromName(JOBS_BOARD_NAMESPACE, `${options.idKey}|${e.type}|${i}`),
            }
          : {}),
      });
      return {
        position: result.position,
        events: result.newEvents.map((e) => ({ type: e.type, data: e.data }) as JobEvent),
      };
    } catch (err) {
      const retry =
        err instanceof WrongExpectedVersionError &&
        options.expectedRevision === undefined &&
        attempt < ATTEMPTS;
      if (!retry) throw err;
    }
  }
}
