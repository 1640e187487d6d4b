import crypto from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertStreamId } from '@jobs/contracts';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../mail/testing';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createIngestionSource } from '../sources/service';
import { runDigests } from './digest';

let h: TestHarness;
let smtp: TestSmtpServer;
let sourceToken: string;
let n = 0;

const PUBLIC_URL = 'http://localhost:3000';
const DAY = 86_400_000;
const client = () =>
  supertest.agent(h.app.callback()).set('X-Forwarded-For', `10.7.${Math.floor(++n / 250)}.${n % 250}`);
const uniqueEmail = (prefix = 'alert') => `${prefix}_${crypto.randomBytes(4).toString('hex')}@example.com`;
const digestDeps = () => h.services.alerts.digestDeps(h.services.runner);

/** The message with quoted-printable soft breaks and escapes undone and headers unfolded: enough to read links and headers. */
function decoded(mail: ReceivedMail): string {
  return mail.raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(decoded(mail).split(/\r?\n\r?\n/)[0]!)?.[1]?.trim();

function ingestItem(externalId: string, title: string, overrides: Record<string, unknown> = {}) {
  return {
    action: 'posted',
    externalId,
    title,
    company: 'Alert Test Co',
    location: 'Remote - Worldwide',
    workplace: 'remote',
    employmentType: 'Full-time',
    descriptionHtml: '<p>We build things in Rust and TypeScript.</p>',
    applicationUrl: `https://alert-test.example/apply/${externalId}`,
    ...overrides,
  };
}

async function ingest(items: unknown[]) {
  const res = await h.http
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${sourceToken}`)
    .send({ items });
  expect(res.status).toBe(200);
  return res.body as { results: { status: string }[] };
}

async function mailsTo(email: string, waitMs = 400): Promise<ReceivedMail[]> {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return smtp.received.filter((m) => m.to.includes(email));
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  h = await createTestHarness({ SMTP_URL: smtp.url, PUBLIC_URL });
  const source = await createIngestionSource(h.services.store, { name: 'Alerts test' });
  await h.services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  sourceToken = source.token;
});

afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

describe('POST /api/job-alerts', () => {
  it("answers 400 'Please enter a valid email address' for a missing or bad address", async () => {
    for (const body of [{}, { email: 'not-an-address' }, { email: '' }]) {
      const res = await client().post('/api/job-alerts').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a valid email address');
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });

  it('refuses an unknown frequency, experience level or continent', async () => {
    const email = uniqueEmail();
    for (const extra of [
      { frequency: 'hourly' },
      { experienceLevel: 'Wizard' },
      { location: 'All Atlantis' },
    ]) {
      const res = await client()
        .post('/api/job-alerts')
        .send({ email, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
  });

  it('subscribes anonymously with the defaults (daily, not remote-only) and mails one confirmation link', async () => {
    const email = uniqueEmail();
    const res = await client()
      .post('/api/job-alerts')
      .send({ email: email.toUpperCase(), title: 'Designer' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      message: 'Please check your email to confirm your subscription.',
    });
    const { rows } = await h.testDb.pool.query('select * from job_alerts where alert_id = $1', [res.body.id]);
    expect(rows[0]).toMatchObject({
      email,
      frequency: 'daily',
      is_remote: false,
      status: 'pending',
      title: 'Designer',
    });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(decoded(mail)).toContain(`${PUBLIC_URL}/alerts/confirm/`);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
  });

  it('the same subscription again is the same alert: pending resends the link, confirmed answers 200 already subscribed', async () => {
    const email = uniqueEmail();
    const body = { email, title: 'Elixir Engineer', location: 'Europe', frequency: 'weekly' };
    const first = await client().post('/api/job-alerts').send(body);
    const again = await client()
      .post('/api/job-alerts')
      .send({ ...body, email: ` ${email.toUpperCase()} `, title: 'elixir  engineer' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const mails = await mailsTo(email, 1500);
    expect(mails).toHaveLength(2);
    const link = /\/alerts\/confirm\/([0-9a-f]{32}\.[A-Za-z0-9_-]{24})/.exec(decoded(mails[0]!))![1]!;
    expect(await client().post('/api/job-alerts/confirm').send({ token: link })).toMatchObject({
      status: 200,
    });
    const third = await client().post('/api/job-alerts').send(body);
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({
      id: first.body.id,
      status: 'confirmed',
      message: 'You are already subscribed to this job alert.',
    });
    const { rows } = await h.testDb.pool.query('select count(*)::int as n from job_alerts where email = $1', [
      email,
    ]);
    expect(rows[0].n).toBe(1);
    // Different criteria: a second alert.
    const other = await client()
      .post('/api/job-alerts')
      .send({ ...body, title: 'Go Engineer' });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('limits subscriptions per address (429 past 5 an hour)', async () => {
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await client()
            .post('/api/job-alerts')
            .send({ email, title: `t${i}` })
        ).status,
      );
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
  });

  it('rejects bad confirmation and unsubscribe links with 404 pages', async () => {
    const bad = await client().get(
      '/alerts/confirm/0123456789abcdef0123456789abcdef.AAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(bad.status).toBe(404);
    expect(bad.text).toContain('This link is not valid');
    expect((await client().post('/unsubscribe/nope')).status).toBe(404);
  });
});

describe("a signed-in user's alerts", () => {
  it('lists the alerts subscribed while signed in and unsubscribes them; others cannot', async () => {
    expect((await client().get('/api/user/job-alerts')).status).toBe(401);
    const agent = client();
    const username = `alerts_${crypto.randomBytes(4).toString('hex')}`;
    const email = `${username}@example.com`;
    expect(
      (await agent.post('/api/register').send({ username, email, password: 'correct horse battery 9' }))
        .status,
    ).toBe(201);
    const sub = await agent.post('/api/job-alerts').send({ email, title: 'Data Scientist', isRemote: true });
    expect(sub.status).toBe(201);
    const list = await agent.get('/api/user/job-alerts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: sub.body.id,
        email,
        title: 'Data Scientist',
        isRemote: true,
        frequency: 'daily',
        status: 'pending',
      }),
    ]);

    const stranger = client();
    const other = `alerts_${crypto.randomBytes(4).toString('hex')}`;
    await stranger
      .post('/api/register')
      .send({ username: other, email: `${other}@example.com`, password: 'correct horse battery 9' });
    expect((await stranger.delete(`/api/user/job-alerts/${sub.body.id}`)).status).toBe(404);

    expect((await agent.delete(`/api/user/job-alerts/${sub.body.id}`)).status).toBe(200);
    expect((await agent.get('/api/user/job-alerts')).body).toEqual([]);
  });
});

describe("alerts others made for a user's address", () => {
  it('are not listed (nor deletable) until she confirms them by the mailed link', async () => {
    const owner = client();
    const username = `owner_${crypto.randomBytes(4).toString('hex')}`;
    const email = `${username}@example.com`;
    const since = smtp.received.length;
    expect(
      (await owner.post('/api/register').send({ username, email, password: 'correct horse battery 9' }))
        .status,
    ).toBe(201);
    const codeMail = await smtp.waitFor((m) => m.to.includes(email) && /verification code/i.test(m.raw), {
      since,
    });
    const code = /verification code is (\d{6})/.exec(codeMail.raw)![1]!;
    const verified = await owner.post('/api/verify-email').send({ code });
    expect(verified.status).toBe(200);
    expect(verified.body.user.isVerified).toBe(true);

    // A stranger, anonymous, and another signed-in user subscribe her address.
    const anonymous = await client()
      .post('/api/job-alerts')
      .send({ email, title: 'Buy cheap pills at evil.example' });
    expect(anonymous.body.status).toBe('pending');
    const other = client();
    const otherName = `other_${crypto.randomBytes(4).toString('hex')}`;
    await other
      .post('/api/register')
      .send({ username: otherName, email: `${otherName}@example.com`, password: 'correct horse battery 9' });
    const byOther = await other.post('/api/job-alerts').send({ email, title: 'Another stranger alert' });
    expect(byOther.body.status).toBe('pending');
    // Her own subscription, signed in with her verified address, is active at once.
    const mine = await owner.post('/api/job-alerts').send({ email, title: 'Lighthouse Keeper' });
    expect(mine.body.status).toBe('confirmed');

    const listed = (await owner.get('/api/user/job-alerts')).body as { id: string }[];
    expect(listed.map((a) => a.id)).toEqual([mine.body.id]);
    expect((await owner.delete(`/api/user/job-alerts/${anonymous.body.id}`)).status).toBe(404);

    // Confirmed from her mailbox, it is hers: listed, and she can delete it.
    const confirmation = await smtp.waitFor(
      (m) => decoded(m).includes(`/alerts/confirm/${(anonymous.body.id as string).replaceAll('-', '')}`),
      { since },
    );
    const confirmUrl = /(http:\/\/localhost:3000\/alerts\/confirm\/\S+?)(?=\s|"|<)/.exec(
      decoded(confirmation),
    )![1]!;
    expect((await client().get(confirmUrl.slice(PUBLIC_URL.length))).status).toBe(200);
    const after = (await owner.get('/api/user/job-alerts')).body as { id: string; status: string }[];
    expect(after.map((a) => a.id).sort()).toEqual([mine.body.id, anonymous.body.id].sort());
    expect((await owner.delete(`/api/user/job-alerts/${anonymous.body.id}`)).status).toBe(200);
    // Confirmed alerts would get digests in the tests below.
    expect((await owner.delete(`/api/user/job-alerts/${mine.body.id}`)).status).toBe(200);
  });
});

describe('job alert delivery, end to end through a real SMTP server', () => {
  it('confirms by link, mails one digest with exactly the matching jobs, never twice, and stops after one-click unsubscribe', async () => {
    const email = uniqueEmail('e2e');
    const sub = await client()
      .post('/api/job-alerts')
      .send({ email, title: 'Rust Engineer', isRemote: true, frequency: 'daily' });
    expect(sub.status).toBe(201);
    const confirmation = await smtp.waitFor((m) => m.to.includes(email));
    const confirmUrl = /(http:\/\/localhost:3000\/alerts\/confirm\/\S+?)(?=\s|"|<)/.exec(
      decoded(confirmation),
    )![1]!;
    expect(header(confirmation, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Not confirmed yet: no digest, whatever matches.
    const tag = crypto.randomBytes(3).toString('hex');
    await ingest([ingestItem(`${tag}-early`, 'Rust Engineer (early)')]);
    const tomorrow = new Date(Date.now() + DAY);
    expect((await runDigests(digestDeps(), tomorrow)).sent).toBe(0);

    const page = await client().get(confirmUrl.slice(PUBLIC_URL.length));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Job alert confirmed');

    const results = await ingest([
      ingestItem(`${tag}-1`, 'Senior Rust Engineer'),
      ingestItem(`${tag}-2`, 'Rust Engineer, Platform'),
      ingestItem(`${tag}-3`, 'Rust Engineer', { location: 'Paris, France', workplace: 'on-site' }),
      ingestItem(`${tag}-4`, 'Senior Python Engineer'),
    ]);
    expect(results.results.map((r) => r.status)).toEqual(['created', 'created', 'created', 'created']);

    const before = smtp.received.length;
    const run = await runDigests(digestDeps(), tomorrow);
    expect(run).toMatchObject({ ran: true, sent: 1, failed: 0 });
    const digest = await smtp.waitFor((m) => m.to.includes(email), { since: before });
    const text = decoded(digest);
    expect(text).toContain('Senior Rust Engineer');
    expect(text).toContain('Rust Engineer, Platform');
    expect(text).not.toContain('Paris, France');
    expect(text).not.toContain('Python');
    expect(text).not.toContain('(early)');
    expect(text).toContain(`${PUBLIC_URL}/?title=Rust+Engineer&isRemote=true`);
    expect(digest.raw).toMatch(/Content-Type: text\/plain/i);
    expect(digest.raw).toMatch(/Content-Type: text\/html/i);
    const listUnsubscribe = header(digest, 'List-Unsubscribe')!;
    expect(listUnsubscribe).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\/[0-9a-f]{32}\.[A-Za-z0-9_-]{24}>$/,
    );
    expect(header(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await mailsTo(email, 0)).length).toBe(2);

    // The same schedule again: nothing.
    expect((await runDigests(digestDeps(), tomorrow)).sent).toBe(0);
    expect((await mailsTo(email)).length).toBe(2);
    const events = await h.services.store.readStream(alertStreamId(sub.body.id));
    const digests = events.filter((e) => e.type === 'JobAlertDigestSent');
    expect(digests).toHaveLength(1);
    expect((digests[0]!.data as { jobIds: string[] }).jobIds).toHaveLength(2);

    // RFC 8058 one-click: a POST from the mailbox provider, no session, a foreign origin, a form body.
    const unsubscribePath = listUnsubscribe.slice(1, -1).slice(PUBLIC_URL.length);
    const oneClick = await supertest(h.app.callback())
      .post(unsubscribePath)
      .set('Origin', 'https://mail.provider.example')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);

    await ingest([ingestItem(`${tag}-5`, 'Staff Rust Engineer')]);
    expect((await runDigests(digestDeps(), new Date(Date.now() + 2 * DAY))).sent).toBe(0);
    expect((await mailsTo(email)).length).toBe(2);
    const after = await h.services.store.readStream(alertStreamId(sub.body.id));
    expect(after.at(-1)).toMatchObject({ type: 'JobAlertUnsubscribed', data: { via: 'one-click' } });
  });

  it('the unsubscribe page (GET) shows one button and changes nothing', async () => {
    const email = uniqueEmail('page');
    await client().post('/api/job-alerts').send({ email });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const path = /http:\/\/localhost:3000(\/unsubscribe\/[0-9a-f]{32}\.[A-Za-z0-9_-]{24})/.exec(
      decoded(mail),
    )![1]!;
    const page = await client().get(path);
    expect(page.status).toBe(200);
    expect(page.text.match(/<button/g)).toHaveLength(1);
    expect(page.text).toContain(`action="${path}"`);
    const id = (await h.testDb.pool.query('select alert_id from job_alerts where email = $1', [email]))
      .rows[0].alert_id;
    const events = await h.services.store.readStream(alertStreamId(id));
    expect(events.map((e) => e.type)).toEqual(['JobAlertSubscribed']);
  });
});
