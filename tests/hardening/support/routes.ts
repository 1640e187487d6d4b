/**
 * The app's endpoints, read from its @koa/router layers (not from a list kept by hand), so a route
 * added to any feature is fuzzed without touching the suite.
 */
import type Koa from 'koa';

export type Area = 'public' | 'account' | 'alerts' | 'ingestion' | 'admin';

export interface Endpoint {
  method: string;
  /** The router's path, e.g. '/api/jobs/:identifier' or '/sitemap-jobs-:page.xml'. */
  path: string;
  params: string[];
  area: Area;
}

/** The slice of @koa/router's Layer the walk reads. */
interface RouterLayer {
  path: string | RegExp;
  methods: string[];
  paramNames: { name: string | number }[];
}

interface DispatchMiddleware {
  router?: { stack: RouterLayer[] };
}

const ALERT_PATHS = ['/api/job-alerts', '/api/user/job-alerts', '/alerts/', '/unsubscribe/'];
const ACCOUNT_PATHS = [
  '/api/user',
  '/api/register',
  '/api/login',
  '/api/logout',
  '/api/verify-email',
  '/api/resend-verification',
  '/api/saved-searches',
];

export function areaOf(path: string): Area {
  if (path.startsWith('/api/admin')) return 'admin';
  if (path.startsWith('/api/ingest')) return 'ingestion';
  if (ALERT_PATHS.some((p) => path.startsWith(p))) return 'alerts';
  if (ACCOUNT_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return 'account';
  return 'public';
}

/** Every (method, path) of every router mounted on the app; HEAD (Koa's automatic twin of GET) is left out. */
export function endpointsOf(app: Koa): Endpoint[] {
  const routers = (app.middleware as DispatchMiddleware[]).flatMap((m) => (m.router ? [m.router] : []));
  if (routers.length === 0) throw new Error('no @koa/router found on the app');
  const seen = new Set<string>();
  const out: Endpoint[] = [];
  for (const router of routers) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') throw new Error(`a RegExp route cannot be fuzzed: ${layer.path}`);
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        const key = `${method} ${layer.path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({
          method,
          path: layer.path,
          params: layer.paramNames.map((p) => String(p.name)),
          area: areaOf(layer.path),
        });
      }
    }
  }
  return out;
}

/** The path with each `:param` replaced by its (already URL-encoded) value. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return value;
  });
}
