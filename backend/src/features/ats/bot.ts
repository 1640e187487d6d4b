/**
 * The sync bot: every tick, the active sources whose next run is due (from the ats_sources read
 * model) are synced, at most `concurrency` at once; requests to one ATS host are paced by the
 * fetch given in `sync` (pacing.ts).
 */
import type { Logger } from '../../logger';
import { mapLimit } from '../ingestion/concurrency';
import { recordBotTick } from './bot-heartbeat';
import { syncSource, SyncInProgressError, type SyncDeps } from './sync';

export interface AtsBotOptions {
  sync: SyncDeps;
  logger?: Logger;
  /** Sources synced at once (default 4). */
  concurrency?: number;
  /** How often due sources are looked for (default 30 s). */
  tickMs?: number;
}

export interface AtsBot {
  /** Syncs every due source once; resolves when they are done. */
  runDue(): Promise<number>;
  stop(): Promise<void>;
}

export function createAtsBot(options: AtsBotOptions): AtsBot {
  const { sync, logger } = options;
  const concurrency = options.concurrency ?? 4;
  const runDue = async () => {
    // The admin tells 'not run yet: the bot is off' from 'waiting for the bot' by this.
    await recordBotTick(sync.pool).catch((err: unknown) =>
      logger?.warn({ err }, 'ATS bot: could not record its tick'),
    );
    const { rows } = await sync.pool.query<{ id: string }>(
      `select id from ats_sources
       where status = 'active' and (next_run_at is null or next_run_at <= now())
       order by next_run_at nulls first limit 200`,
    );
    await mapLimit(rows, concurrency, async ({ id }) => {
      try {
        const { sync: recorded } = await syncSource(sync, id);
        logger?.info({ atsSourceId: id, ok: recorded.ok, counts: recorded.counts }, 'ATS source synced');
      } catch (err) {
        if (!(err instanceof SyncInProgressError))
          logger?.error({ err, atsSourceId: id }, 'ATS sync crashed');
      }
    });
    return rows.length;
  };
  return { runDue, stop: async () => undefined };
}

/** Runs the bot on a timer until stopped; a tick never overlaps the previous one. */
export function startAtsBot(options: AtsBotOptions): AtsBot {
  const bot = createAtsBot(options);
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    if (stopped) return;
    current = bot
      .runDue()
      .catch((err: unknown) => options.logger?.error({ err }, 'ATS bot tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.tickMs ?? 30_000);
      });
  };
  tick();
  return {
    runDue: bot.runDue,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
