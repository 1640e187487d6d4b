/**
 * Whether a sync bot is running, for the admin (a source that has never been synced says why): every bot
 * (`npm run bot`, or the server's with RUN_BOT=true) notes the time of each tick in `ats_bot_heartbeats`, one
 * row per process. Not an event: it says nothing about a source, only that someone is pulling; created on
 * first use; a process that stops simply stops renewing its row.
 */
import os from 'node:os';
import type pg from 'pg';

/** A bot ticks every 30 s; one not heard from for this long is taken to be off. */
export const BOT_ALIVE_MS = 2 * 60_000;

const ready = new WeakMap<pg.Pool, Promise<void>>();

function ensureTable(pool: pg.Pool): Promise<void> {
  let done = ready.get(pool);
  if (!done) {
    done = pool
      .query(
        `create table if not exists ats_bot_heartbeats (
           bot text primary key,
           seen_at timestamptz not null
         )`,
      )
      .then(() => undefined);
    done.catch(() => ready.delete(pool));
    ready.set(pool, done);
  }
  return done;
}

export const THIS_BOT = `${os.hostname()}:${process.pid}`;

/** Called by the bot at each tick; old rows of stopped processes are dropped on the way. */
export async function recordBotTick(pool: pg.Pool, bot = THIS_BOT, at = new Date()): Promise<void> {
  await ensureTable(pool);
  await pool.query(
    `with gone as (delete from ats_bot_heartbeats where seen_at < $2::timestamptz - interval '7 days')
     insert into ats_bot_heartbeats (bot, seen_at) values ($1, $2)
     on conflict (bot) do update set seen_at = excluded.seen_at`,
    [bot, at],
  );
}

export interface BotStatus {
  /** A bot ticked within BOT_ALIVE_MS. */
  running: boolean;
  /** The last tick of any bot; null when none ever ran on this database. */
  lastSeenAt: string | null;
}

export async function botStatus(pool: pg.Pool, now = new Date()): Promise<BotStatus> {
  await ensureTable(pool);
  const { rows } = await pool.query<{ seen_at: Date | null }>(
    'select max(seen_at) as seen_at from ats_bot_heartbeats',
  );
  const seen = rows[0]?.seen_at ?? null;
  return {
    running: seen !== null && now.getTime() - seen.getTime() < BOT_ALIVE_MS,
    lastSeenAt: seen ? seen.toISOString() : null,
  };
}
