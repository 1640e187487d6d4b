import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import send from 'koa-send';

export interface RenderedPage {
  status?: number;
  /** Replaces the template's <title>. */
  title?: string;
  /** Extra tags for <head> (meta, link, JSON-LD). Must be escaped by the renderer. */
  head?: string;
  /** Data for the client, serialised into a script tag with the CSP nonce (read by the site before its first fetch). */
  state?: unknown;
}

/** Renders SEO and initial data for a path; null means "not mine". */
export type PageRenderer = (ctx: Koa.Context) => Promise<RenderedPage | null>;

/** Every client route of the spec's route table; other paths answer 404 with the site's not-found page. */
const KNOWN_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/jobs\/[^/]+\/?$/,
  /^\/companies\/[^/]+\/?$/,
  /^\/(auth|verify-email|profile|countries|resources|job-types|categories|about|contact|privacy|developers|unsubscribe(\/[^/]+)?|alerts\/confirm\/[^/]+)\/?$/,
  /^\/categories\/(software-engineering|data-science)\/?$/,
  /^\/admin(\/.*)?$/,
];

/** The lazy route chunk each server-rendered path needs for its first paint (keys of Vite's manifest). */
const ROUTE_CHUNKS: [RegExp, string][] = [
  [/^\/$/, 'src/app/routes/home.tsx'],
  [/^\/jobs\/[^/]+\/?$/, 'src/app/routes/job.tsx'],
  [/^\/companies\/[^/]+\/?$/, 'src/app/routes/company.tsx'],
  [/^\/auth\/?$/, 'src/app/routes/auth.tsx'],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * `<link rel="modulepreload">` for a route's lazy chunk and every chunk it imports statically, minus the
 * ones the template already names: the browser fetches them with the entry instead of after it has run
 * (one round trip less before the first paint of the page).
 */
export function routePreloads(manifest: Manifest, pathname: string, template: string): string {
  const key = ROUTE_CHUNKS.find(([re]) => re.test(pathname))?.[1];
  if (!key || !manifest[key]) return '';
  const files = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return [...files]
    .filter((f) => !template.includes(`/${f}"`))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}">`)
    .join('\n');
}

/** `<` inside JSON would let a string close the script tag. */
export function serialiseState(state: unknown): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * Serves the built site: hashed assets with a year-long immutable cache, other files for an hour (both in
 * the brotli or gzip form the build wrote beside them, when the client takes it), and the SPA's
 * index.html (never cached) for client routes, with server-rendered head tags from the renderers and
 * module preloads for the route's chunks.
 */
export function serveSite(options: { distDir: string; renderers?: PageRenderer[] }): Koa.Middleware {
  const distDir = path.resolve(options.distDir);
  const indexPath = path.join(distDir, 'index.html');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  let template: string | null = null;
  let manifest: Manifest = {};
  let templateMtime = 0;
  // Re-read when the file changes: a rebuild replaces the hashed assets the old template names.
  const loadTemplate = () => {
    const mtime = fs.existsSync(indexPath) ? fs.statSync(indexPath).mtimeMs : 0;
    if (mtime && (template === null || mtime !== templateMtime)) {
      template = fs.readFileSync(indexPath, 'utf8');
      templateMtime = mtime;
      try {
        manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
      } catch {
        manifest = {}; // a build without a manifest: no preloads, nothing else changes
      }
    }
    return template;
  };

  return async function siteMiddleware(ctx, next) {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/api'
    )
      return next();
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return; // a route answered

    const rel = decodeURIComponent(ctx.path);
    if (path.extname(rel) && rel !== '/index.html') {
      const file = path.join(distDir, rel);
      if (
        file.startsWith(distDir + path.sep) &&
        !rel.startsWith('/.vite/') && // the build manifest is for the server, not the public
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        const immutable = rel.startsWith('/assets/');
        ctx.vary('Accept-Encoding');
        // koa-send picks file.br / file.gz (written at build time, at the highest levels) when the client
        // accepts them; koa-compress leaves a response that already has a Content-Encoding alone.
        await send(ctx, rel, {
          root: distDir,
          immutable,
          maxage: immutable ? 365 * 24 * 3600 * 1000 : 3600 * 1000,
          brotli: true,
          gzip: true,
        });
        return;
      }
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }

    const html = loadTemplate();
    if (!html) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The site is not built yet: run `npm run build`.';
      return;
    }
    let page: RenderedPage | null = null;
    for (const render of options.renderers ?? []) {
      page = await render(ctx);
      if (page) break;
    }
    const known = KNOWN_ROUTES.some((r) => r.test(ctx.path));
    let out = html;
    // Error states (a removed or unknown job) render in the same route chunk, so they preload it too.
    const preloads = routePreloads(manifest, ctx.path, html);
    if (preloads) out = out.replace('</head>', `${preloads}\n</head>`);
    if (page?.title)
      out = out.replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
    if (page?.head) {
      // The renderer's description replaces the template's generic one.
      if (page.head.includes('name="description"'))
        out = out.replace(/<meta\s+name="description"[^>]*>\s*/, '');
      out = out.replace('</head>', `${page.head}\n</head>`);
    }
    if (page?.state !== undefined) {
      // The one inline script: allowed by this response's CSP nonce (securityHeaders), nothing else is.
      const nonce = ctx.state.cspNonce as string | undefined;
      const attr = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
      out = out.replace(
        '</head>',
        `<script${attr}>window.__INITIAL_STATE__=${serialiseState(page.state)}</script>\n</head>`,
      );
    }
    ctx.status = page?.status ?? (known ? 200 : 404);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = out;
  };
}
