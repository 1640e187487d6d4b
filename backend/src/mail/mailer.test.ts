import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createLogger } from '../logger';
import { createTestHarness, type TestHarness } from '../testing/harness';
import { createMailer } from './mailer';
import { devOutboxRoutes } from './routes';
import { startTestSmtpServer } from './testing';

const logger = createLogger({ level: 'silent' });
const message = (i: number) => ({
  to: `u${i}@example.com`,
  subject: `s${i}`,
  text: `text ${i}`,
  html: `<p>${i}</p>`,
});

describe('mailer', () => {
  it('keeps the last 50 messages in the outbox without SMTP_URL, newest first', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Board <a@b.c>', env: 'test' }, logger);
    expect(mailer.kind).toBe('outbox');
    for (let i = 0; i < 60; i++) await mailer.send(message(i));
    const outbox = mailer.outbox()!;
    expect(outbox).toHaveLength(50);
    expect(outbox[0]).toMatchObject({
      to: 'u59@example.com',
      from: 'Board <a@b.c>',
      text: 'text 59',
      html: '<p>59</p>',
    });
  });

  it('sends plain text and HTML over SMTP with SMTP_URL', async () => {
    const smtp = await startTestSmtpServer();
    try {
      const mailer = createMailer(
        { smtpUrl: smtp.url, mailFrom: 'Board <board@example.com>', env: 'production' },
        logger,
      );
      expect(mailer.kind).toBe('smtp');
      expect(mailer.outbox()).toBeNull();
      await mailer.send(message(1));
      const mail = await smtp.waitFor((m) => m.to.includes('u1@example.com'));
      expect(mail.from).toBe('board@example.com');
      expect(mail.raw).toMatch(/multipart\/alternative/);
      expect(mail.raw).toContain('text 1');
      await mailer.close();
    } finally {
      await smtp.close();
    }
  });

  it('serves GET /api/dev/outbox only outside production and only for the outbox', () => {
    const outbox = createMailer({ smtpUrl: undefined, mailFrom: 'x', env: 'development' }, logger);
    const smtp = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'x', env: 'development' }, logger);
    const routes = (mailer: typeof outbox, env: string) => {
      const router = new Router();
      devOutboxRoutes(router, mailer, env);
      return router.stack.map((l) => l.path);
    };
    expect(routes(outbox, 'development')).toEqual(['/api/dev/outbox']);
    expect(routes(outbox, 'production')).toEqual([]);
    expect(routes(smtp, 'development')).toEqual([]);
  });
});

describe('development outbox through the app', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await createTestHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the verification mail at GET /api/dev/outbox when there is no SMTP', async () => {
    const agent = supertest.agent(h.app.callback());
    const res = await agent
      .post('/api/register')
      .send({ username: 'outboxer', email: 'outboxer@example.com', password: 'correct horse battery' });
    expect(res.status).toBe(201);
    let messages: { to: string; text: string; html: string }[] = [];
    for (let i = 0; i < 100 && messages.length === 0; i++) {
      messages = (await agent.get('/api/dev/outbox')).body.messages;
      if (!messages.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(messages[0]).toMatchObject({ to: 'outboxer@example.com' });
    expect(messages[0]!.text).toMatch(/verification code is \d{6}/);
    expect(messages[0]!.html).toMatch(/\d{6}/);
  });
});
