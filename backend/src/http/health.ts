import type Router from '@koa/router';
import type { AppDeps } from './app';
import {
  DEPENDENCY_NAMES,
  DEPENDENCY_RETRY_AFTER_SECONDS,
  failedDependency,
  type DependencyPart,
} from './errors';

/** Longest a health check waits for one part: a part slower than this counts as down. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

export interface PartHealth {
  ok: boolean;
  ms: number;
  /** What is wrong, in words (never a stack or a connection string). */
  error?: string;
  /** The driver's error code when there is one (ECONNREFUSED, 57P03, 14, ...). */
  reason?: string;
  [detail: string]: unknown;
}

class CheckTimeout extends Error {
  constructor() {
    super(`no answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`);
    this.name = 'CheckTimeout';
  }
}

async function withTimeout<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckTimeout()), HEALTH_CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(
  part: DependencyPart,
  fn: () => Promise<object | void>,
): Promise<[DependencyPart, PartHealth]> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const details = ((await withTimeout(fn)) ?? {}) as Record<string, unknown>;
    const ok = details.ok !== false;
    return [part, { ...details, ok, ms: ms() }];
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return [
      part,
      {
        ok: false,
        ms: ms(),
        error:
          err instanceof CheckTimeout
            ? `${DEPENDENCY_NAMES[part]} did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`
            : failedDependency(err)
              ? `${DEPENDENCY_NAMES[part]} is unreachable`
              : `${DEPENDENCY_NAMES[part]} failed its check`,
        ...(typeof code === 'string' || typeof code === 'number' ? { reason: String(code) } : {}),
      },
    ];
  }
}

/**
 * GET /healthz: each part the app depends on, checked at once with a short deadline. 503 when the
 * database, the event store or the search index is down (the app cannot serve without them), with
 * `down` naming them. Mail is reported too, but a mail outage alone leaves the app serving (mail waits
 * in the outbox), so it makes the answer `degraded` rather than 503.
 */
export function healthRoutes(router: Router, deps: AppDeps): void {
  router.get('/healthz', async (ctx) => {
    const checks = Object.fromEntries(
      await Promise.all([
        check('database', () => deps.pool.query('select 1').then(() => undefined)),
        check('eventStore', () => deps.store.ping()),
        ...(deps.search
          ? [
              check('search', async () => {
                await deps.search!.ping();
                // While the embedded index loads, searches use the PostgreSQL index: still ok, and said.
                if (!deps.embeddedSearch) return undefined;
                const { state, documents, readyAfterMs } = deps.embeddedSearch.status();
                return { embedded: { state, documents, readyAfterMs } };
              }),
            ]
          : []),

        ...(deps.mailer?.health ? [check('mail', () => deps.mailer!.health!())] : []),
      ]),
    ) as Partial<Record<DependencyPart, PartHealth>>;
    const down = (Object.keys(checks) as DependencyPart[]).filter((part) => !checks[part]!.ok);
    const critical = down.filter((part) => part !== 'mail');
    ctx.status = critical.length ? 503 : 200;
    ctx.set('Cache-Control', 'no-store');
    if (critical.length) ctx.set('Retry-After', String(DEPENDENCY_RETRY_AFTER_SECONDS));
    ctx.body = {
      status: critical.length ? 'unavailable' : down.length ? 'degraded' : 'ok',
      ...(down.length ? { down } : {}),
      checks,
    };
  });
}
