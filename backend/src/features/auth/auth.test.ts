import crypto from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@jobs/contracts/session-hint';
import { userStreamId } from '@jobs/contracts/users';
import { USERS_PROJECTION } from '@jobs/projections/users/users';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../mail/testing';
import { createApp } from '../../http/app';
import { changeRoleByEmail } from '../users/roles';
import { LIMITS } from './limits';
import { codeKeyFrom, verificationCode } from './secret';
import { requireAdmin, requireVerified } from './guards';
import { INVALID_CREDENTIALS } from './routes';
import { WEAK_PASSWORD_MESSAGE } from './password';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const PASSWORD = 'correct horse battery';
let h: TestHarness;
let smtp: TestSmtpServer;
const codesSeen = new Set<string>();

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  h = await createTestHarness({
    SMTP_URL: smtp.url,
    SESSION_SECRET: SECRET,
    ADMIN_EMAILS: 'boss@example.com',
  });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

let n = 0;
/** Each test user comes from its own address, so per-IP limits do not spill between tests. */
function client(ip = `10.1.${Math.floor(++n / 250)}.${n % 250}`) {
  return supertest.agent(h.app.callback()).set('X-Forwarded-For', ip);
}
function unique(prefix = 'user') {
  return `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
}

async function register(body: Partial<Record<string, string>> = {}) {
  const username = body.username ?? unique();
  const agent = client();
  const res = await agent.post('/api/register').send({
    username,
    email: body.email ?? `${username}@example.com`,
    password: body.password ?? PASSWORD,
    firstName: body.firstName,
    lastName: body.lastName,
  });
  return { agent, res, username, email: (body.email ?? `${username}@example.com`).toLowerCase() };
}

async function codeMailedTo(email: string, since = 0): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(email), { since });
  const code = /verification code is (\d{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error(`no code in mail:\n${mail.raw}`);
  codesSeen.add(code);
  return code;
}

/** Fixed-window limits: start a timing-sensitive test well inside a window, so it cannot straddle two. */
async function awayFromWindowEdge(windowSeconds: number, neededMs = 8000): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

function cookieOf(res: supertest.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const sid = cookies.find((c) => c.startsWith('sid='))!.split(';')[0]!;
  const sig = cookies.find((c) => c.startsWith('sid.sig='))!.split(';')[0]!;
  return `${sid}; ${sig}`;
}

describe('registration', () => {
  it('answers 201 with the user (no secrets), signs in, and mails a 6-digit code', async () => {
    const { agent, res, username, email } = await register({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      username,
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
      isVerified: false,
    });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';');
    expect(setCookie).toMatch(/sid=.*httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
    expect(JSON.stringify(me.body)).not.toMatch(/scrypt|password/i);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(await codeMailedTo(email)).toMatch(/^\d{6}$/);
  });

  it('refuses a taken username or e-mail, case-insensitively, with 409', async () => {
    const first = await register();
    const sameName = await register({
      username: first.username.toUpperCase(),
      email: `${unique()}@example.com`,
    });
    expect(sameName.res.status).toBe(409);
    expect(sameName.res.body.message).toBe('Username already exists');
    const freeName = unique();
    const sameEmail = await register({ username: freeName, email: first.email.toUpperCase() });
    expect(sameEmail.res.status).toBe(409);
    expect(sameEmail.res.body.message).toBe('Email already registered');
    // The username reserved by the failed attempt is free again.
    const retry = await register({ username: freeName });
    expect(retry.res.status).toBe(201);
  });

  it('validates username, e-mail and password; refuses common passwords', async () => {
    for (const body of [
      { username: 'ab' },
      { username: 'has space' },
      { email: 'not-an-email' },
      { password: 'short1!' },
    ]) {
      const { res } = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(typeof res.body.message).toBe('string');
    }
    const common = await register({ password: 'QwertyUIOP' });
    expect(common.res.status).toBe(400);
    expect(common.res.body.message).toBe(WEAK_PASSWORD_MESSAGE);
  });

  it('limits registrations per IP address (429 with Retry-After)', async () => {
    const ip = '10.9.9.1';
    await h.services.rateLimiter.hit(LIMITS.registerPerIp, ip, LIMITS.registerPerIp.limit);
    const username = unique();
    const res = await client(ip)
      .post('/api/register')
      .send({ username, email: `${username}@example.com`, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in and sessions', () => {
  it('GET /api/user is 401 UNAUTHORIZED when signed out', async () => {
    const res = await client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    expect(typeof res.body.message).toBe('string');
  });

  it('signs in by username or e-mail, case-insensitively', async () => {
    const { username, email, res: reg } = await register();
    for (const login of [username, username.toUpperCase(), email, email.toUpperCase()]) {
      const agent = client();
      const res = await agent.post('/api/login').send({ username: login, password: PASSWORD });
      expect(res.status, login).toBe(200);
      expect(res.body).toEqual(reg.body);
      expect((await agent.get('/api/user')).body.id).toBe(reg.body.id);
    }
  });

  it('answers one generic message for a wrong password and for an unknown user', async () => {
    const { username } = await register();
    const wrong = await client().post('/api/login').send({ username, password: 'wrong password!' });
    const unknown = await client()
      .post('/api/login')
      .send({ username: unique('nobody'), password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(INVALID_CREDENTIALS);
    }
  });

  // Password guessing per account and address: login-throttle.test.ts.

  it('stops brute force per IP address', async () => {
    const { username } = await register();
    const ip = '10.9.9.2';
    await h.services.rateLimiter.hit(LIMITS.loginPerIp, ip, LIMITS.loginPerIp.limit);
    const res = await client(ip).post('/api/login').send({ username, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a new session id on sign-in; the old id is no longer signed in (no fixation)', async () => {
    const { username, res: reg } = await register();
    const before = cookieOf(reg);
    const agent = client();
    agent.set('Cookie', before);
    const login = await agent.post('/api/login').send({ username, password: PASSWORD });
    expect(login.status).toBe(200);
    const after = cookieOf(login);
    expect(after).not.toBe(before);
    expect((await client().get('/api/user').set('Cookie', before)).status).toBe(401);
    expect((await client().get('/api/user').set('Cookie', after)).status).toBe(200);
  });

  it('ignores a session id the client made up', async () => {
    const res = await client().get('/api/user').set('Cookie', 'sid=attacker-chosen-id');
    expect(res.status).toBe(401);
  });

  it('logout destroys the session', async () => {
    const { agent, res: reg } = await register();
    const cookie = cookieOf(reg);
    const sid = cookie.split(';')[0]!.slice('sid='.length);
    const out = await agent.post('/api/logout');
    expect(out.status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(401);
    expect((await client().get('/api/user').set('Cookie', cookie)).status).toBe(401);
    const { rowCount } = await h.testDb.pool.query('select 1 from sessions where id = $1', [sid]);
    expect(rowCount).toBe(0);
  });

  it('keeps the signed-in hint cookie true: set on sign-in, cleared on logout and by a stale 401, never HttpOnly', async () => {
    const hintOf = (res: supertest.Response) =>
      ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
    const { agent, res: reg, username } = await register();
    const set = hintOf(reg);
    expect(set).toMatch(/^signed_in=1;/);
    expect(set).not.toMatch(/httponly/i);
    expect(set).toMatch(/samesite=lax/i);
    // Signed in with the hint already there: nothing more is sent.
    const again = await agent.get('/api/user');
    expect(again.status).toBe(200);
    expect(hintOf(again)).toBeUndefined();
    // Logout clears it (an expired cookie).
    const out = await agent.post('/api/logout');
    expect(hintOf(out)).toMatch(/^signed_in=;.*expires=Thu, 01 Jan 1970/i);
    // A stale hint (the session is gone): the 401 clears it.
    const stale = await client()
      .get('/api/user')
      .set('Cookie', `${cookieOf(reg)}; signed_in=1`);
    expect(stale.status).toBe(401);
    expect(hintOf(stale)).toMatch(/^signed_in=;/);
    // Signed out and no hint: no cookie at all.
    expect(hintOf(await client().get('/api/user'))).toBeUndefined();
    // Login sets it again.
    const login = await client().post('/api/login').send({ username, password: PASSWORD });
    expect(hintOf(login)).toMatch(/^signed_in=1;/);
    // A page opened with a session cookie but no hint (a session from before the hint) gets it; a page
    // without a session cookie, an asset or a script's fetch does not.
    const page = await client()
      .get('/jobs/anything')
      .set('Accept', 'text/html')
      .set('Cookie', cookieOf(login));
    expect(hintOf(page)).toMatch(/^signed_in=1;/);
    expect(hintOf(await client().get('/').set('Accept', 'text/html'))).toBeUndefined();
    expect(hintOf(await client().get('/assets/x.js').set('Cookie', cookieOf(login)))).toBeUndefined();
    expect(
      hintOf(
        await client()
          .get('/')
          .set('Accept', 'text/html')
          .set('Cookie', `${cookieOf(login)}; signed_in=1`),
      ),
    ).toBeUndefined();
  });

  it('refuses a cross-origin POST (403)', async () => {
    const { username } = await register();
    const res = await client()
      .post('/api/login')
      .set('Origin', 'https://evil.example')
      .send({ username, password: PASSWORD });
    expect(res.status).toBe(403);
  });

  it('refuses a cross-origin POST that names its own host in X-Forwarded-Host (403)', async () => {
    const { username } = await register();
    for (const [origin, proto] of [
      ['https://evil.example', 'https'],
      ['http://evil.example', 'http'],
    ] as const) {
      const res = await client()
        .post('/api/login')
        .set('Origin', origin)
        .set('X-Forwarded-Host', 'evil.example')
        .set('X-Forwarded-Proto', proto)
        .send({ username, password: PASSWORD });
      expect(res.status, origin).toBe(403);
    }
    // A Host header naming the attacker's site does not make its Origin ours either.
    const res = await client()
      .post('/api/login')
      .set('Origin', 'http://evil.example')
      .set('Host', 'evil.example')
      .send({ username, password: PASSWORD });
    expect(res.status).toBe(403);
  });

  it("accepts PUBLIC_URL's origin and ALLOWED_ORIGINS only", async () => {
    const { username } = await register();
    const ours = await client()
      .post('/api/login')
      .set('Origin', 'http://localhost:3000')
      .send({ username, password: PASSWORD });
    expect(ours.status).toBe(200);
    const withVite = supertest(
      createApp({
        ...h.services.appDeps,
        config: { ...h.services.config, allowedOrigins: ['http://localhost:5173'] },
      }).callback(),
    );
    const vite = await withVite
      .post('/api/login')
      .set('X-Forwarded-For', '10.200.0.1')
      .set('Origin', 'http://localhost:5173')
      .send({ username, password: PASSWORD });
    expect(vite.status).toBe(200);
    const other = await withVite
      .post('/api/login')
      .set('X-Forwarded-For', '10.200.0.1')
      .set('Origin', 'http://localhost:5174')
      .send({ username, password: PASSWORD });
    expect(other.status).toBe(403);
  });

  it('a role change takes effect on the next request of the same session', async () => {
    const { agent, email } = await register();
    expect((await agent.get('/api/user')).body.role).toBe('user');
    const result = await changeRoleByEmail(h.services.store, email, 'admin', 'system:cli');
    expect(result?.changed).toBe(true);
    await h.services.runner.waitForPosition(result!.position, 5000, [USERS_PROJECTION]);
    expect((await agent.get('/api/user')).body.role).toBe('admin');
    const events = await h.services.store.readStream(userStreamId(result!.userId));
    expect(events.at(-1)).toMatchObject({
      type: 'UserRoleChanged',
      data: { role: 'admin', by: 'system:cli' },
      metadata: { actor: 'system:cli' },
    });
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed code and answers {user}', async () => {
    const { agent, email } = await register();
    const code = await codeMailedTo(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await agent.post('/api/verify-email').send({ code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid verification code');
    const res = await agent.post('/api/verify-email').send({ code });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, isVerified: true, role: 'user' });
    expect((await agent.get('/api/user')).body.isVerified).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await client().post('/api/verify-email').send({ code: '123456' })).status).toBe(401);
    expect((await client().post('/api/resend-verification')).status).toBe(401);
  });

  it('makes ADMIN_EMAILS addresses admins when they verify', async () => {
    const { agent, email } = await register({ email: 'Boss@Example.com' });
    const res = await agent.post('/api/verify-email').send({ code: await codeMailedTo(email) });
    expect(res.body.user).toMatchObject({ isVerified: true, role: 'admin' });
    expect((await agent.get('/api/user')).body.role).toBe('admin');
  });

  it('voids the code after 5 wrong tries', async () => {
    const { agent, email } = await register();
    const code = await codeMailedTo(email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await agent.post('/api/verify-email').send({ code: wrongCode })).body.message);
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('Invalid verification code'));
    expect(messages[4]).toBe('Too many attempts: request a new code');
    const right = await agent.post('/api/verify-email').send({ code });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many attempts: request a new code');
    // A new code works again.
    const since = smtp.received.length;
    expect((await agent.post('/api/resend-verification')).status).toBe(200);
    const fresh = await codeMailedTo(email, since);
    expect((await agent.post('/api/verify-email').send({ code: fresh })).body.user.isVerified).toBe(true);
  });

  it('refuses an expired code', async () => {
    const { agent, res } = await register();
    const requestId = crypto.randomUUID();
    await h.services.store.append(
      userStreamId(res.body.id),
      [
        {
          id: crypto.randomUUID(),
          type: 'EmailVerificationRequested',
          data: { requestId, expiresAt: new Date(Date.now() - 1000).toISOString() },
          metadata: { actor: 'test', at: new Date().toISOString() },
        },
      ],
      { expectedRevision: 'any' },
    );
    const code = verificationCode(codeKeyFrom(SECRET), requestId);
    const verify = await agent.post('/api/verify-email').send({ code });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe('Verification code expired: request a new code');
  });

  it(
    'resends a new code (the old one stops working), at most once a minute',
    { timeout: 20_000 },
    async () => {
      const { agent, email } = await register();
      const first = await codeMailedTo(email);
      await awayFromWindowEdge(LIMITS.resendPerMinute.windowSeconds, 5000);
      const since = smtp.received.length;
      const resend = await agent.post('/api/resend-verification');
      expect(resend.status).toBe(200);
      expect(resend.body).toEqual({ ok: true });
      const second = await codeMailedTo(email, since);
      const again = await agent.post('/api/resend-verification');
      expect(again.status).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      if (first !== second) {
        expect((await agent.post('/api/verify-email').send({ code: first })).body.message).toBe(
          'Invalid verification code',
        );
      }
      expect((await agent.post('/api/verify-email').send({ code: second })).status).toBe(200);
    },
  );

  it('resends at most 5 times an hour', async () => {
    const { agent, res } = await register();
    await h.services.rateLimiter.hit(LIMITS.resendPerHour, res.body.id, LIMITS.resendPerHour.limit);
    const blocked = await agent.post('/api/resend-verification');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits verification attempts per user', async () => {
    const { agent, res } = await register();
    await h.services.rateLimiter.hit(LIMITS.verifyPerUser, res.body.id, LIMITS.verifyPerUser.limit);
    expect((await agent.post('/api/verify-email').send({ code: '123456' })).status).toBe(429);
  });

  it('keeps no code in any event', async () => {
    expect(codesSeen.size).toBeGreaterThan(3);
    const { rows } = await h.testDb.pool.query<{ text: string }>(
      'select data::text || metadata::text as text from events',
    );
    const all = rows.map((r) => r.text).join('\n');
    for (const code of codesSeen) expect(all).not.toContain(code);
  });
});

describe('profile', () => {
  it('updates first and last name', async () => {
    const { agent } = await register();
    const res = await agent.patch('/api/user').send({ firstName: 'Grace', lastName: 'Hopper' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect((await agent.get('/api/user')).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('changes the password with the current one; ends the other sessions', async () => {
    const { agent, username } = await register();
    const other = client();
    expect((await other.post('/api/login').send({ username, password: PASSWORD })).status).toBe(200);
    const wrongCurrent = await agent
      .post('/api/user/password')
      .send({ currentPassword: 'not it at all', newPassword: 'a brand new secret' });
    expect(wrongCurrent.status).toBe(400);
    const common = await agent
      .post('/api/user/password')
      .send({ currentPassword: PASSWORD, newPassword: '1234567890' });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(WEAK_PASSWORD_MESSAGE);
    const ok = await agent
      .post('/api/user/password')
      .send({ currentPassword: PASSWORD, newPassword: 'a brand new secret' });
    expect(ok.status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await client().post('/api/login').send({ username, password: PASSWORD })).status).toBe(401);
    expect(
      (await client().post('/api/login').send({ username, password: 'a brand new secret' })).status,
    ).toBe(200);
  });
});

describe('guards for other features', () => {
  it('requireAdmin: 401 anonymous, 403 user, 200 admin; requireVerified: 403 unverified', async () => {
    const app = createApp({
      ...h.services.appDeps,
      features: [
        ...(h.services.appDeps.features ?? []),
        {
          name: 'sample',
          routes(router) {
            router.get('/api/sample/admin', requireAdmin, (ctx) => {
              ctx.body = { ok: true };
            });
            router.get('/api/sample/verified', requireVerified, (ctx) => {
              ctx.body = { ok: true };
            });
          },
        },
      ],
    });
    const agent = supertest.agent(app.callback()).set('X-Forwarded-For', '10.8.8.8');
    expect((await agent.get('/api/sample/admin')).status).toBe(401);
    const username = unique();
    const email = `${username}@example.com`;
    expect((await agent.post('/api/register').send({ username, email, password: PASSWORD })).status).toBe(
      201,
    );
    const forbidden = await agent.get('/api/sample/admin');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    expect((await agent.get('/api/sample/verified')).status).toBe(403);
    const result = await changeRoleByEmail(h.services.store, email, 'admin', 'system:cli');
    await h.services.runner.waitForPosition(result!.position, 5000, [USERS_PROJECTION]);
    expect((await agent.get('/api/sample/admin')).status).toBe(200);
  });
});
