import type Router from '@koa/router';
import { HttpError } from '../http/errors';
import type { Mailer } from './mailer';

/** A connection from this machine (the socket's own address: no header can claim it). */
function fromLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/**
 * GET /api/dev/outbox: the development outbox, only outside production, only without SMTP, and only to
 * a connection from this machine: a server started without NODE_ENV=production (the default is
 * development) and reachable from elsewhere must not hand out everyone's verification codes.
 */
export function devOutboxRoutes(router: Router, mailer: Mailer | undefined, env: string): void {
  if (env === 'production' || !mailer || mailer.kind !== 'outbox') return;
  router.get('/api/dev/outbox', async function devOutbox(ctx) {
    if (!fromLoopback(ctx.req.socket.remoteAddress))
      throw new HttpError('NOT_FOUND', 'The development outbox answers only on this machine');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { messages: mailer.outbox() ?? [] };
  });
}
