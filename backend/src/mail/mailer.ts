import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createMailOutbox, type MailOutboxOptions, type MailOutboxStatus } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text part. */
  text: string;
  /** HTML part. */
  html: string;
  /** Extra headers (e.g. RFC 8058 List-Unsubscribe and List-Unsubscribe-Post on alert mail). */
  headers?: Record<string, string>;
}

export interface SentMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** What /healthz shows of mail: whether the SMTP server answers, and what waits in the outbox. */
export interface MailHealth extends Partial<Omit<MailOutboxStatus, 'lastError'>> {
  /** The code of the latest failed attempt (ECONNECTION, EAUTH, ...), when a message waits. */
  lastErrorCode?: string;
  ok: boolean;
  transport: 'smtp' | 'outbox';
  error?: string;
  reason?: string;
}

export interface Mailer {
  /** 'smtp' with SMTP_URL; otherwise 'outbox' (kept in memory, logged in development). */
  readonly kind: 'smtp' | 'outbox';
  /** With SMTP and a database: stores the message in the durable outbox (delivered and retried from there). */
  send(message: MailMessage): Promise<void>;
  /** The newest messages first (at most 50), when this is an outbox; null for SMTP. */
  outbox(): readonly SentMail[] | null;
  health?(): Promise<MailHealth>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** With SMTP_URL: mail goes through the durable outbox in this database (migrateMailOutbox first). */
  pool?: pg.Pool;
  /** Outbox tuning (tests). */
  outbox?: Partial<Pick<MailOutboxOptions, 'pollMs' | 'retryBackoff' | 'leaseMs' | 'batchSize'>>;
}

/** Bounds on one SMTP conversation, so an unreachable server fails an attempt instead of holding it for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** How long one SMTP reachability check of /healthz is reused. */
const VERIFY_CACHE_MS = 15_000;
const VERIFY_RETRY_MS = 2000;

const OUTBOX_SIZE = 50;

/** SMTP through nodemailer when SMTP_URL is set; otherwise an in-memory outbox a developer can read at GET /api/dev/outbox. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env'>,
  logger: Logger,
  options: MailerOptions = {},
): Mailer {
  const log = logger.child({ component: 'mail' });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    const outbox = options.pool
      ? createMailOutbox({
          pool: options.pool,
          transport,
          from: config.mailFrom,
          logger: log,
          ...options.outbox,
        })
      : null;
    outbox?.start();

    let verified: {
      at: number;
      ok?: boolean;
      result: Promise<Pick<MailHealth, 'ok' | 'error' | 'reason'>>;
    } | null = null;
    const verify = () => {
      // A failed check is redone sooner: the server coming back shows within seconds.
      const maxAge = verified?.ok === false ? VERIFY_RETRY_MS : VERIFY_CACHE_MS;
      if (!verified || Date.now() - verified.at > maxAge) {
        const entry: NonNullable<typeof verified> = {
          at: Date.now(),
          result: transport.verify().then(
            () => ({ ok: true }),
            (err: unknown) => {
              const code = (err as { code?: unknown }).code;
              return {
                ok: false,
                error: 'The SMTP server is unreachable',
                ...(typeof code === 'string' ? { reason: code } : {}),
              };
            },
          ),
        };
        void entry.result.then((r) => (entry.ok = r.ok));
        verified = entry;
      }
      return verified.result;
    };

    return {
      kind: 'smtp',
      async send(message) {
        if (outbox) {
          const id = await outbox.enqueue(message);
          log.debug({ mailId: id, subject: message.subject }, 'mail queued in the outbox');
          return;
        }
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ messageId: info.messageId, subject: message.subject }, 'mail sent');
      },
      outbox: () => null,
      async health() {
        const [reach, queued] = await Promise.all([verify(), outbox?.status()]);
        // The recorded error names the server's address: health shows only its code.
        const { lastError, ...backlog } = queued ?? { lastError: null };
        const lastErrorCode = lastError ? /^[A-Z][A-Z0-9_]+(?=:)/.exec(lastError)?.[0] : undefined;
        return { transport: 'smtp', ...backlog, ...(lastErrorCode ? { lastErrorCode } : {}), ...reach };
      },
      async close() {
        await outbox?.stop();
        // What became due meanwhile (a CLI's digests) goes out before the process ends, if the server is there.
        await outbox?.deliverDue();
        transport.close();
      },
    };
  }

  const sent: SentMail[] = [];
  return {
    kind: 'outbox',
    async send(message) {
      const mail: SentMail = {
        id: crypto.randomUUID(),
        from: config.mailFrom,
        sentAt: new Date().toISOString(),
        ...message,
      };
      sent.unshift(mail);
      sent.length = Math.min(sent.length, OUTBOX_SIZE);
      // The development outbox is the only place a message body is logged: there is no SMTP to read it from.
      if (config.env === 'development')
        log.info({ to: mail.to, subject: mail.subject }, `outbox mail:\n${mail.text}`);
      else log.info({ subject: mail.subject }, 'mail kept in the outbox');
    },
    outbox: () => sent,
    async health() {
      return { ok: true, transport: 'outbox' };
    },
    async close() {},
  };
}
