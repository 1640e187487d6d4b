import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type Koa from 'koa';
import send from 'koa-send';
import { countryNames } from '@jobs/contracts/where-label';
import type { Logger } from '../logger';
import { failedDependency, HttpError } from './errors';
import { logPath } from './middleware';

export interface RenderedPage {
  status?: number;
  /** Replaces the template's <title>. */
  title?: string;
  /** Extra tags for <head> (meta, link, JSON-LD). Must be escaped by the renderer. */
  head?: string;
  /** Data for the client, serialised into a script tag with the CSP nonce (read by the site before its first fetch). */
  state?: unknown;
  /** Answer with a redirect there instead of a page (`status`, default 301), cached for `maxAgeSeconds`. */
  redirect?: { location: string; maxAgeSeconds: number };
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

/** index.html and the build manifest, re-read when index.html changes (a rebuild replaces the hashed assets it names). */
function templateLoader(distDir: string): () => { html: string; manifest: Manifest } | null {
  const indexPath = path.join(distDir, 'index.html');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  let loaded: { html: string; manifest: Manifest } | null = null;
  let templateMtime = 0;
  return () => {
    const mtime = fs.existsSync(indexPath) ? fs.statSync(indexPath).mtimeMs : 0;
    if (mtime && (loaded === null || mtime !== templateMtime)) {
      let manifest: Manifest = {};
      try {
        manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
      } catch {
        // a build without a manifest: no preloads, nothing else changes
      }
      loaded = { html: fs.readFileSync(indexPath, 'utf8'), manifest };
      templateMtime = mtime;
    }
    return loaded;
  };
}

/** What the server build of the site exports (frontend/site/src/entry-server.tsx). */
export interface SiteRenderer {
  render(url: string, state: Record<string, unknown> | undefined): Promise<string>;
  renderError(url: string): string;
}

/**
 * The site's server build (dist-ssr/ beside dist/, written by `npm run build`): the hashed entry its
 * manifest names, imported once per build (a rebuild while the server runs writes new files, imported
 * afresh); null when there is none (a build from before server rendering, tests' own templates): pages
 * are then the SPA shell with their head tags, as before.
 */
export function siteRendererLoader(ssrDir: string): () => Promise<SiteRenderer | null> {
  const manifestPath = path.join(ssrDir, '.vite', 'manifest.json');
  let loaded: { mtime: number; module: Promise<SiteRenderer | null> } | null = null;
  return async () => {
    const mtime = fs.existsSync(manifestPath) ? fs.statSync(manifestPath).mtimeMs : 0;
    if (!mtime) return null;
    if (!loaded || loaded.mtime !== mtime) {
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
      const entry = manifest['src/entry-server.tsx']?.file;
      loaded = {
        mtime,
        module: entry
          ? (import(pathToFileURL(path.join(ssrDir, entry)).href) as Promise<SiteRenderer>)
          : Promise.resolve(null),
      };
    }
    return loaded.module;
  };
}

/**
 * Serves the built site: hashed assets with a year-long immutable cache, other files for an hour (both in
 * the brotli or gzip form the build wrote beside them, when the client takes it), and the SPA's
 * index.html (never cached) for client routes, with server-rendered head tags from the renderers and
 * module preloads for the route's chunks.
 */
export function serveSite(options: {
  distDir: string;
  renderers?: PageRenderer[];
  /** The site's server build; default: dist-ssr/ beside distDir. */
  ssrDir?: string;
  /** The public origin absolute links in the page use (the share buttons), the same on both sides of hydration. */
  publicUrl?: string;
}): Koa.Middleware {
  const distDir = path.resolve(options.distDir);
  const loadTemplate = templateLoader(distDir);
  const loadRenderer = siteRendererLoader(options.ssrDir ?? path.join(path.dirname(distDir), 'dist-ssr'));

  return async function siteMiddleware(ctx, next) {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/api'
    )
      return next();
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return; // a route answered

    // A malformed percent-encoding (`/%FF`, `/companies/%E0%A4%A`) names no file and no page: the
    // site's not-found page, as for any other unknown path (never a URIError's 500).
    const rel = safeDecodePath(ctx.path);
    // A client route is never a file, whatever its last segment looks like ('/companies/R%26D%20Labs%20%2F%20Co.').
    const known = KNOWN_ROUTES.some((r) => r.test(ctx.path));
    if (!known && path.extname(rel ?? ctx.path) && rel !== '/index.html') {
      const file = rel === null ? '' : path.join(distDir, rel);
      if (
        rel !== null &&
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

    const loaded = loadTemplate();
    if (!loaded) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The site is not built yet: run `npm run build`.';
      return;
    }
    const { html, manifest } = loaded;
    const log = ctx.state.log as Logger | undefined;
    const renderer = await loadRenderer().catch((err: unknown) => {
      log?.error({ err }, 'the site server build failed to load: pages are served without their body');
      return null;
    });
    if (rel === null) {
      log?.info(
        { method: ctx.method, path: logPath(ctx.path), status: 404 },
        'malformed percent-encoding in the path',
      );
      // The not-found page, rendered for a path that names nothing (the browser shows it for this URL too).
      const body = renderer ? await renderer.render('/404', undefined).catch(() => '') : '';
      ctx.status = 404;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = withBody(html, body);
      return;
    }
    let page: RenderedPage | null = null;
    const dataStarted = performance.now();
    try {
      for (const render of options.renderers ?? []) {
        page = await render(ctx);
        if (page) break;
      }
    } catch (err) {
      // A part that is down (already mapped, or the driver's own connection error that
      // dependencyFailures maps on its way out) is siteUnavailable's 503 shell with Retry-After;
      // anything else is a real rendering bug: this site's 500 page.
      if (err instanceof HttpError && err.code === 'SERVICE_UNAVAILABLE') throw err;
      if (failedDependency(err)) throw err;
      log?.error({ err, path: logPath(ctx.path) }, 'page rendering failed');
      serveError(ctx, html, renderer);
      return;
    }
    const timing = [serverTiming('data', performance.now() - dataStarted, 'page data')];
    if (page?.redirect) {
      ctx.set('Cache-Control', `public, max-age=${page.redirect.maxAgeSeconds}`);
      ctx.redirect(page.redirect.location);
      ctx.status = page.status ?? 301;
      return;
    }
    let out = html;
    // Error states (a removed or unknown job) render in the same route chunk, so they preload it too.
    const preloads = routePreloads(manifest, ctx.path, html);
    // Replacer functions, not replacement strings: a `$$`, `$&` or `$'` in a job's title or JSON-LD is text.
    if (preloads) out = out.replace('</head>', () => `${preloads}\n</head>`);
    const title = page?.title;
    if (title) out = out.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    const head = page?.head;
    if (head) {
      // The renderer's description replaces the template's generic one.
      if (head.includes('name="description"')) out = out.replace(/<meta\s+name="description"[^>]*>\s*/, '');
      out = out.replace('</head>', () => `${head}\n</head>`);
    }
    let state = page?.state as Record<string, unknown> | undefined;
    let body = '';
    if (renderer) {
      // The page's body, rendered from the very data the page carries for hydration (issue 23).
      state = { ...state, ...(options.publicUrl ? { origin: options.publicUrl } : {}) };
      // The country names the page shows, so the browser need not build Intl.DisplayNames to hydrate.
      const names = countryNames(page?.state);
      if (Object.keys(names).length) state.countryNames = names;
      try {
        // React's render is synchronous once the page's chunk is loaded (it is after the first render, and
        // stays: lazy-page.ts imports it once): this process's CPU time around it is the render's own
        // (issue 23: ≤ 5 ms at p95), shown to anyone in Server-Timing. It also counts V8's helper threads
        // (concurrent GC, compiler) meanwhile. Not finer: Node 20 has no per-thread CPU clock, and
        // /proc/thread-self/schedstat only moves at the scheduler's tick (0 for most 2 ms renders).
        const cpu = process.cpuUsage();
        const started = performance.now();
        body = await renderer.render(ctx.url, state);
        const used = process.cpuUsage(cpu);
        timing.push(
          serverTiming('render', performance.now() - started, 'React render'),
          serverTiming('render-cpu', (used.user + used.system) / 1000, 'React render CPU'),
        );
      } catch (err) {
        log?.error({ err, path: logPath(ctx.path) }, 'server rendering failed');
        serveError(ctx, html, renderer);
        return;
      }
      // The template's own tags are rewritten before the body goes in: paintFirst's and withState's
      // searches then scan the ~3 KB head, not the ~60 KB page (0.5 ms a page, issue 23); same bytes.
      if (body) out = paintFirst(out, ctx.state.cspNonce as string | undefined);
    }
    if (state !== undefined) out = withState(ctx, out, state);
    ctx.status = page?.status ?? (known ? 200 : 404);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Server-Timing', timing.join(', '));
    ctx.body = pageBytes(out, body);
  };
}

/** One Server-Timing entry (`name;dur=1.23;desc="…"`), durations in milliseconds. */
export function serverTiming(name: string, ms: number, desc?: string): string {
  return `${name};dur=${ms.toFixed(2)}${desc ? `;desc="${desc}"` : ''}`;
}

const EMPTY_ROOT = '<div id="root"></div>';
const ROOT_OPEN = '<div id="root">';

/** The rendered body inside the template's empty root. */
function withBody(html: string, body: string): string {
  return body ? html.replace(EMPTY_ROOT, () => `${ROOT_OPEN}${body}</div>`) : html;
}

/**
 * `withBody`'s page as bytes, encoded piece by piece: the same bytes, without ever making the ~80 KB page one
 * string. A page with any character beyond Latin-1 (a dash, a quote mark, a euro sign in a description) is a
 * two-byte string: joined whole it is ~160 KB, which V8 allocates in its large-object space (fresh pages, mapped
 * and unmapped for each page), and Koa's `Buffer.byteLength` then compressInMemory's `Buffer.from` flattened
 * and encoded it: ~1.5 ms of CPU a job page here, against ~0.25 ms for the pieces (issue 23 §6).
 */
export function pageBytes(html: string, body: string): Buffer {
  const at = body ? html.indexOf(EMPTY_ROOT) : -1;
  if (at < 0) return Buffer.from(html);
  const open = at + ROOT_OPEN.length;
  return Buffer.concat([Buffer.from(html.slice(0, open)), Buffer.from(body), Buffer.from(html.slice(open))]);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;

/**
 * A server-rendered page paints before its JavaScript is fetched (issue 23: on a slow phone the first
 * paint needs the HTML and the CSS, not 100 KB of script competing with them for the link). A small
 * inline script (this response's CSP nonce, at the end of the body) adds the entry's script tag and
 * modulepreloads for the chunks the page needs (one per task, fetched in parallel) once the browser reports the first
 * contentful paint, or after the next frame where paint timing is missing, or after half a second in a
 * tab that does not paint (hidden). The page is readable and its links and GET forms work meanwhile;
 * hydration takes it over when the scripts arrive. Pages without a server-rendered body keep the
 * template's script tags.
 */
export function paintFirst(html: string, nonce: string | undefined): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const attr = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  const boot =
    `<script${attr}>(function(){var d=0,i=0,p=${serialiseState(preloads)};function add(t,a){` +
    `var e=document.createElement(t);for(var k in a)e.setAttribute(k,a[k]);document.body.appendChild(e)}` +
    // One preload per task: starting a fetch costs a few ms of a slow phone's main thread.
    `function more(){if(i<p.length)add('link',{rel:'modulepreload',crossorigin:'',href:p[i++]});` +
    `if(i<p.length)setTimeout(more,0)}` +
    `function go(){if(d)return;d=1;add('script',{type:'module',crossorigin:'',src:${serialiseState(entry[1])}});more()}` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()})` +
    `.observe({type:'paint',buffered:true})}catch(e){}` +
    `requestAnimationFrame(function(){setTimeout(go,50)});setTimeout(go,500)})()</script>`;
  return html
    .replace(entry[0], '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${boot}\n</body>`);
}

/** The page's data for the client, in the one inline script: allowed by this response's CSP nonce (securityHeaders). */
function withState(ctx: Koa.Context, html: string, state: unknown): string {
  const nonce = ctx.state.cspNonce as string | undefined;
  const attr = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  return html.replace(
    '</head>',
    () => `<script${attr}>window.__INITIAL_STATE__=${serialiseState(state)}</script>\n</head>`,
  );
}

/**
 * The 500 page: 'Something went wrong' with the site's header and footer, rendered on the server; the
 * browser then renders the page afresh (`renderError` in its state) and may well succeed.
 */
function serveError(ctx: Koa.Context, html: string, renderer: SiteRenderer | null): void {
  let body = '';
  try {
    body = renderer?.renderError(ctx.url) ?? '';
  } catch {
    // the shell alone; the browser shows its own error screen
  }
  ctx.status = 500;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = withState(ctx, withBody(html, body), { renderError: true });
}

/**
 * The decoded path, or null when its percent-encoding is malformed (not UTF-8, a cut-off `%`) or decodes to
 * U+0000, which names no file and no page (and which PostgreSQL refuses in any lookup a renderer would make).
 */
export function safeDecodePath(pathname: string): string | null {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.includes('\u0000') ? null : decoded;
  } catch {
    return null;
  }
}

/** What a browser navigates to: GET or HEAD of a client route (the spec's route table). */
export function isSitePage(ctx: Koa.Context): boolean {
  return (ctx.method === 'GET' || ctx.method === 'HEAD') && KNOWN_ROUTES.some((r) => r.test(ctx.path));
}

/** Said without JavaScript, and the whole page when the site is not built: the spec's wording, the site's classes. */
const UNAVAILABLE_NOTICE = (retryHref: string) =>
  `<main role="alert" class="mx-auto max-w-xl px-4 py-12 text-center">` +
  `<h1 class="text-2xl font-bold text-slate-900">Service Temporarily Unavailable</h1>` +
  `<p class="mt-3 text-slate-700">We could not load this page right now. Please try again in a moment.</p>` +
  `<p class="mt-6"><a class="font-medium text-brand-700 underline" href="${escapeHtml(retryHref)}">Try Again</a></p>` +
  `</main>`;

/**
 * A page request that failed because a part is down (the 503 SERVICE_UNAVAILABLE of dependencyFailures:
 * the database or search under a page's server rendering: home, job and company pages) answers HTML rather
 * than the API's JSON: the SPA shell without server-rendered data, status 503, the same Retry-After,
 * never cached. The site then starts as usual, asks the API for its data and shows the spec's error
 * screens in its own look ('Service Temporarily Unavailable' with Try Again on job and company pages,
 * 'Error Loading Feed' with Refresh Feed on the home page); a <noscript> says the same without
 * JavaScript. Not built yet: a small page with that text. Mount it between errorHandler and
 * dependencyFailures; anything else passes through.
 */
export function siteUnavailable(options: { distDir: string }): Koa.Middleware {
  const loadTemplate = templateLoader(path.resolve(options.distDir));
  return async function siteUnavailableMiddleware(ctx, next) {
    try {
      await next();
    } catch (err) {
      if (
        !(err instanceof HttpError && err.code === 'SERVICE_UNAVAILABLE') ||
        !isSitePage(ctx) ||
        ctx.headerSent
      )
        throw err;
      (ctx.state.log as Logger | undefined)?.warn(
        { code: err.code, method: ctx.method, path: logPath(ctx.path), page: true },
        err.message,
      );
      // The same address again (one leading slash: never another host's //address).
      const notice = UNAVAILABLE_NOTICE(`/${ctx.originalUrl.replace(/^\/+/, '')}`);
      const loaded = loadTemplate();
      let out: string;
      if (loaded) {
        out = loaded.html.replace(
          /<div id="root"><\/div>/,
          (root) => `${root}\n<noscript>${notice}</noscript>`,
        );
        const preloads = routePreloads(loaded.manifest, ctx.path, loaded.html);
        if (preloads) out = out.replace('</head>', `${preloads}\n</head>`);
      } else {
        out =
          '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width, initial-scale=1">' +
          `<title>Service Temporarily Unavailable</title></head><body>${notice}</body></html>`;
      }
      ctx.status = 503;
      for (const [k, v] of Object.entries(err.options.headers ?? {})) ctx.set(k, v);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = out;
    }
  };
}
