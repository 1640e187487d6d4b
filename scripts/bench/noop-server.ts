/** The floor of an HTTP call: a trivial Koa route in its own process, like the real server (`PORT` env). */
import Router from '@koa/router';
import Koa from 'koa';

const app = new Koa();
const router = new Router();
router.get('/noop', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes());
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
server.keepAliveTimeout = 60_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
