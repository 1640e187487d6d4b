import type Koa from 'koa';
import createSession from 'koa-session';
import type pg from 'pg';
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from '@jobs/contracts/session-hint';
import type { PublicUser } from '@jobs/contracts/users';
import type { UserRow } from '@jobs/projections/users/users';
import { deriveKey } from './secret';

/**
 * Cookie sessions with the data in PostgreSQL (so logout and role changes take effect at once and
 * every API instance shares them). The session holds only the user id; the user, with its role and
 * verification, is read from the `users` read model on each request into `ctx.state.user`.
 */
export const SESSION_COOKIE = 'sid';
const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type AuthUser = PublicUser;

interface SessionData {
  userId?: string;
}

/** koa-session 7's context session (its types do not extend Koa's context). */
type KoaSession = SessionData & { regenerate(): Promise<void>; externalKey?: string };

export async function migrateSessions(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create table if not exists sessions (
      id text primary key,
      data jsonb not null,
      expires_at timestamptz not null
    );
    create index if not exists sessions_expires_at_idx on sessions (expires_at);
    create index if not exists sessions_user_idx on sessions ((data->>'userId'));
  `);
}

function pgSessionStore(pool: pg.Pool) {
  let lastSweep = 0;
  return {
    async get(key: string): Promise<Record<string, unknown> | null> {
      const { rows } = await pool.query<{ data: Record<string, unknown> }>(
        'select data from sessions where id = $1 and expires_at > now()',
        [key],
      );
      return rows[0]?.data ?? null;
    },
    async set(key: string, data: Record<string, unknown>, maxAge: number): Promise<void> {
      const ttl = typeof maxAge === 'number' && maxAge > 0 ? maxAge : SESSION_MAX_AGE_MS;
      await pool.query(
        `insert into sessions (id, data, expires_at) values ($1, $2, now() + make_interval(secs => $3))
         on conflict (id) do update set data = excluded.data, expires_at = excluded.expires_at`,
        [key, JSON.stringify(data), ttl / 1000],
      );
      if (Date.now() - lastSweep > 10 * 60_000) {
        lastSweep = Date.now();
        void pool.query('delete from sessions where expires_at < now()').catch(() => undefined);
      }
    },
    async destroy(key: string): Promise<void> {
      await pool.query('delete from sessions where id = $1', [key]);
    },
  };
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    isVerified: row.is_verified,
  };
}

export async function findUserById(pool: pg.Pool, id: string): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>('select * from users where id = $1', [id]);
  return rows[0] ?? null;
}

export interface SessionOptions {
  pool: pg.Pool;
  /** The server secret; the cookie-signing key is derived from it. */
  secret: string;
  /** Secure cookies (PUBLIC_URL is https). */
  secure: boolean;
}

/**
 * Builds the session middleware for an app (koa-session extends the app's context and needs its
 * signing keys). Runs only for /api requests: pages and assets never touch the session table.
 */
export function sessionMiddleware(options: SessionOptions): (app: Koa) => Koa.Middleware {
  return (app) => {
    app.keys = [deriveKey(options.secret, 'session-cookie').toString('base64url')];
    const session = createSession(
      {
        key: SESSION_COOKIE,
        maxAge: SESSION_MAX_AGE_MS,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        signed: true,
        renew: true,
        store: pgSessionStore(options.pool),
      },
      app,
    ) as Koa.Middleware;
    const loadUser = loadSessionUser(options.pool);
    const hint = signedInHint(options.secure);
    return async function apiSession(ctx, next) {
      if (!ctx.path.startsWith('/api/')) {
        // A page opened with a session cookie but no hint: the hint, so the page's script asks who.
        if (ctx.method === 'GET' && ctx.cookies.get(SESSION_COOKIE) && !hint.present(ctx) && wantsPage(ctx))
          hint.set(ctx, true);
        return next();
      }
      try {
        await session(ctx, () => loadUser(ctx, next));
      } finally {
        // After the handler (a thrown 401 included): signing in or out has happened. Only a change is sent.
        const signedIn = Boolean(ctx.state.user);
        if (signedIn !== hint.present(ctx)) hint.set(ctx, signedIn);
      }
    };
  };
}

/** A navigation (the browser asks for HTML), not an asset or a script's fetch. */
function wantsPage(ctx: Koa.Context): boolean {
  return /\btext\/html\b/.test(ctx.get('accept'));
}

/**
 * The signed-in hint (@jobs/contracts/session-hint): readable by the page's script, no data in it. It lives
 * longer than a session (Chromium's 400-day cap) so it never runs out while the session is alive; a stale one
 * is cleared by the 401 it causes.
 */
function signedInHint(secure: boolean) {
  const maxAge = 400 * 24 * 60 * 60 * 1000;
  return {
    present: (ctx: Koa.Context) => hasSignedInHint(ctx.get('cookie')),
    set(ctx: Koa.Context, on: boolean) {
      // Koa refuses a Secure cookie on a plain-HTTP request (a proxy not trusted): no hint rather than a 500.
      if (ctx.headerSent || (secure && !ctx.secure)) return;
      ctx.cookies.set(SIGNED_IN_HINT_COOKIE, on ? '1' : '', {
        httpOnly: false,
        sameSite: 'lax',
        secure,
        signed: false,
        overwrite: true,
        ...(on ? { maxAge } : { maxAge: 0, expires: new Date(0) }),
      });
    },
  };
}

function loadSessionUser(pool: pg.Pool): Koa.Middleware {
  return async function sessionUser(ctx, next) {
    const userId = sessionOf(ctx)?.userId;
    if (userId) {
      const row = await findUserById(pool, userId);
      if (row) ctx.state.user = toAuthUser(row);
    }
    await next();
  };
}

function sessionOf(ctx: Koa.Context): KoaSession | null {
  return (ctx as unknown as { session?: KoaSession | null }).session ?? null;
}

/** Signs in: a NEW session id holding the user id (the old id is destroyed: no session fixation). */
export async function signIn(ctx: Koa.Context, user: AuthUser): Promise<void> {
  const session = sessionOf(ctx);
  if (!session) throw new Error('session middleware is not installed');
  session.userId = user.id;
  await session.regenerate();
  ctx.state.user = user;
}

/** Signs out: the session row is deleted and the cookie expired. */
export function signOut(ctx: Koa.Context): void {
  (ctx as unknown as { session: null }).session = null;
  ctx.state.user = undefined;
}

/** Ends the user's other sessions (after a password change), keeping this one. */
export async function endOtherSessions(ctx: Koa.Context, pool: pg.Pool, userId: string): Promise<void> {
  const current = sessionOf(ctx)?.externalKey ?? '';
  await pool.query(`delete from sessions where data->>'userId' = $1 and id <> $2`, [userId, current]);
}
