import type Router from '@koa/router';
import type { Mailer } from './mailer';

/** GET /api/dev/outbox: the development outbox, only outside production and only without SMTP. */
export function devOutboxRoutes(router: Router, mailer: Mailer | undefined, env: string): void {
  if (env === 'production' || !mailer || mailer.kind !== 'outbox') return;
  router.get('/api/dev/outbox', async function devOutbox(ctx) {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { messages: mailer.outbox() ?? [] };
  });
}
