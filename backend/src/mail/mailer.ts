import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

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

export interface Mailer {
  /** 'smtp' with SMTP_URL; otherwise 'outbox' (kept in memory, logged in development). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** The newest messages first (at most 50), when this is an outbox; null for SMTP. */
  outbox(): readonly SentMail[] | null;
  close(): Promise<void>;
}

const OUTBOX_SIZE = 50;

/** SMTP through nodemailer when SMTP_URL is set; otherwise an in-memory outbox a developer can read at GET /api/dev/outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env'>, logger: Logger): Mailer {
  const log = logger.child({ component: 'mail' });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ messageId: info.messageId, subject: message.subject }, 'mail sent');
      },
      outbox: () => null,
      async close() {
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
    async close() {},
  };
}
