import crypto from 'node:crypto';
import type pg from 'pg';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../logger';
import type { MailMessage } from './mailer';

/**
 * The durable outbox in front of SMTP: `send` stores the message in PostgreSQL and returns; a delivery
 * loop hands due messages to the SMTP server and records every attempt (count, time, error). A message
 * the server did not take is retried with a growing pause, so an SMTP outage loses nothing and needs no
 * one: when the server is back, the next pass delivers what waited. Several processes may deliver at
 * once: a pass claims its messages (a lease moved into `next_attempt_at`), so no two send the same one.
 */
export interface MailOutboxOptions {
  pool: pg.Pool;
  transport: Transporter;
  from: string;
  logger: Logger;
  /** How often due messages are looked for (default 2 s); a send also starts a pass at once. */
  pollMs?: number;
  /** Pause after a failed attempt: initialMs doubled per attempt, at most maxMs (default 2 s to 5 min). */
  retryBackoff?: { initialMs: number; maxMs: number };
  /** How long a pass owns the messages it claimed (default 5 min). */
  leaseMs?: number;
  /** Messages claimed per pass (default 10). */
  batchSize?: number;
}

export interface MailOutboxStatus {
  pending: number;
  /** Age of the oldest undelivered message, in seconds (0 when none waits). */
  oldestPendingSeconds: number;
  /** Most attempts any waiting message has had. */
  maxAttempts: number;
  /** The error of the latest failed attempt of a waiting message. */
  lastError: string | null;
}

export interface MailOutbox {
  enqueue(message: MailMessage): Promise<string>;
  /** One delivery pass now (also what the timer runs); resolves when it is done. */
  deliverDue(): Promise<void>;
  status(): Promise<MailOutboxStatus>;
  start(): void;
  stop(): Promise<void>;
}

export async function migrateMailOutbox(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create table if not exists mail_outbox (
      id uuid primary key,
      message jsonb not null,
      created_at timestamptz not null default now(),
      attempts integer not null default 0,
      last_attempt_at timestamptz,
      last_error text,
      next_attempt_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index if not exists mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null;
  `);
}

/** Sent messages are kept this long (what was sent when), then deleted with their bodies. */
const KEEP_SENT_HOURS = 24;

/** SMTP failures that mean the server was not reached: the rest of a pass would fail the same way. */
const CONNECTION_FAILURES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED']);

interface Claimed {
  id: string;
  message: MailMessage & { from: string };
  attempts: number;
}

function describe(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const text = typeof e.message === 'string' ? e.message : String(err);
  return (typeof e.code === 'string' ? `${e.code}: ${text}` : text).slice(0, 500);
}

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { pool, transport, logger: log } = options;
  const pollMs = options.pollMs ?? 2000;
  const backoff = options.retryBackoff ?? { initialMs: 2000, maxMs: 5 * 60_000 };
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 10;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<void> | null = null;
  let again = false;
  let lastCleanup = 0;

  const retryDelayMs = (attempts: number) =>
    Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, attempts - 1));

  async function claim(): Promise<Claimed[]> {
    const { rows } = await pool.query<Claimed>(
      `update mail_outbox set attempts = attempts + 1, last_attempt_at = now(),
         next_attempt_at = now() + $2 * interval '1 millisecond'
       where id in (
         select id from mail_outbox where sent_at is null and next_attempt_at <= now()
         order by next_attempt_at limit $1 for update skip locked)
       returning id, message, attempts`,
      [batchSize, leaseMs],
    );
    return rows;
  }

  async function failed(mail: Claimed, error: string): Promise<void> {
    const delay = retryDelayMs(mail.attempts);
    await pool.query(
      `update mail_outbox set last_error = $2, next_attempt_at = now() + $3 * interval '1 millisecond'
       where id = $1`,
      [mail.id, error, delay],
    );
    log.warn(
      {
        mailId: mail.id,
        subject: mail.message.subject,
        attempts: mail.attempts,
        retryInMs: delay,
        err: error,
      },
      'mail not delivered; it stays in the outbox',
    );
  }

  async function onePass(): Promise<number> {
    const claimed = await claim();
    for (let i = 0; i < claimed.length; i++) {
      const mail = claimed[i]!;
      try {
        const info = (await transport.sendMail(mail.message)) as { messageId?: string };
        await pool.query('update mail_outbox set sent_at = now(), last_error = null where id = $1', [
          mail.id,
        ]);
        log.info(
          {
            mailId: mail.id,
            messageId: info.messageId,
            subject: mail.message.subject,
            attempts: mail.attempts,
          },
          'mail sent',
        );
      } catch (err) {
        const error = describe(err);
        await failed(mail, error);
        // The server is not there: the others would only wait for the same answer.
        if (CONNECTION_FAILURES.has(String((err as { code?: unknown }).code))) {
          for (const rest of claimed.slice(i + 1)) await failed(rest, error);
          return 0;
        }
      }
    }
    if (Date.now() - lastCleanup > 3_600_000) {
      lastCleanup = Date.now();
      await pool.query(`delete from mail_outbox where sent_at < now() - $1 * interval '1 hour'`, [
        KEEP_SENT_HOURS,
      ]);
    }
    return claimed.length;
  }

  function deliverDue(): Promise<void> {
    if (pass) {
      again = true; // a send during a pass: look once more when it ends
      return pass;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          while ((await onePass()) === batchSize) {
            // a full batch: more may be due
          }
        } while (again);
      } catch (err) {
        // The database is down: the messages are where they were, the next pass tries again.
        log.warn({ err: describe(err) }, 'mail outbox pass failed');
      } finally {
        pass = null;
      }
    })();
    return pass;
  }

  return {
    async enqueue(message) {
      const id = crypto.randomUUID();
      await pool.query('insert into mail_outbox (id, message) values ($1, $2)', [
        id,
        JSON.stringify({ from: options.from, ...message }),
      ]);
      if (timer) void deliverDue();
      return id;
    },
    deliverDue,
    async status() {
      const { rows } = await pool.query<{
        pending: number;
        oldest: number | null;
        max_attempts: number | null;
        last_error: string | null;
      }>(
        `select count(*)::int as pending,
           extract(epoch from now() - min(created_at))::float8 as oldest,
           max(attempts) as max_attempts,
           (select last_error from mail_outbox where sent_at is null and last_error is not null
            order by last_attempt_at desc limit 1) as last_error
         from mail_outbox where sent_at is null`,
      );
      const row = rows[0];
      return {
        pending: row?.pending ?? 0,
        oldestPendingSeconds: Math.round(row?.oldest ?? 0),
        maxAttempts: row?.max_attempts ?? 0,
        lastError: row?.last_error ?? null,
      };
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void deliverDue(), pollMs);
      timer.unref();
      void deliverDue();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await pass;
    },
  };
}
