import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBytes, paintFirst, routePreloads, serveSite, type PageRenderer } from './site';

const template =
  '<html><head><title>Site</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head><body><div id="root"></div></body></html>';
const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'] },
  'src/app/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_card-1.js', '_react-1.js'] },
  'src/app/routes/job.tsx': { file: 'assets/job-1.js', imports: ['_card-1.js'] },
};

describe('paintFirst', () => {
  const rendered = template
    .replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/home-1.js"></head>')
    .replace('<div id="root"></div>', '<div id="root"><h1>Jobs</h1></div>');

  it('moves every script request of a rendered page behind its first paint, under the nonce', () => {
    const out = paintFirst(rendered, 'abc+/=');
    const [head, body] = out.split('</head>') as [string, string];
    // Nothing in the head asks for JavaScript: the first paint needs the HTML and the CSS only.
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(body).toContain('<div id="root"><h1>Jobs</h1></div>');
    const boot = /<script nonce="abc\+\/=">([\s\S]*?)<\/script>\s*<\/body>/.exec(body)?.[1];
    expect(boot).toBeDefined();
    expect(boot).toContain('["/assets/react-1.js","/assets/home-1.js"]');
    expect(boot).toContain('src:"/assets/index-1.js"');
    expect(boot).toContain("'first-contentful-paint'");
    // The loader is valid JavaScript, and runs once: it adds the entry, then the preloads one per task.
    const added: Record<string, string>[] = [];
    const timers: (() => void)[] = [];
    const observers: ((list: { getEntriesByName(n: string): unknown[] }) => void)[] = [];
    const el = (tag: string) => {
      const attrs: Record<string, string> = { tag };
      return { setAttribute: (k: string, v: string) => (attrs[k] = v), attrs };
    };
    new Function('document', 'PerformanceObserver', 'requestAnimationFrame', 'setTimeout', boot!)(
      {
        createElement: el,
        body: { appendChild: (e: { attrs: Record<string, string> }) => added.push(e.attrs) },
      },
      class {
        constructor(cb: (typeof observers)[number]) {
          observers.push(cb);
        }
        observe() {}
      },
      (cb: () => void) => timers.push(cb),
      (cb: () => void) => timers.push(cb),
    );
    expect(added).toEqual([]); // nothing before the paint
    observers[0]!({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
    while (timers.length) timers.shift()!(); // the fallbacks fire later: no second copy
    expect(added.map((a) => a.href ?? a.src)).toEqual([
      '/assets/index-1.js',
      '/assets/react-1.js',
      '/assets/home-1.js',
    ]);
    expect(added[0]).toMatchObject({ tag: 'script', type: 'module', crossorigin: '' });
    expect(added[1]).toMatchObject({ tag: 'link', rel: 'modulepreload', crossorigin: '' });
  });

  it('leaves a page without its entry script as it is', () => {
    const shell = '<html><head></head><body><div id="root"></div></body></html>';
    expect(paintFirst(shell, 'n')).toBe(shell);
  });
});

describe('pageBytes', () => {
  it('is the template with the body in its root, as UTF-8, whatever the characters', () => {
    // Beyond Latin-1 (a two-byte string in V8) on both sides of the root, and a `$&` a replace would expand.
    const page = template.replace('<title>Site</title>', '<title>Dev – “Ő” €</title>');
    const body = '<h1>Ingénieur — 10 € $& ✓</h1>'.repeat(200);
    const bytes = pageBytes(page, body);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    const [before, after] = page.split('<div id="root"></div>') as [string, string];
    expect(bytes.equals(Buffer.from(`${before}<div id="root">${body}</div>${after}`, 'utf8'))).toBe(true);
    expect(bytes.toString('utf8')).toContain('<div id="root"><h1>Ingénieur — 10 € $& ✓</h1>');
  });

  it('is the template alone without a body, or when the template has no empty root', () => {
    expect(pageBytes(template, '').toString()).toBe(template);
    const noRoot = template.replace('<div id="root"></div>', '');
    expect(pageBytes(noRoot, '<p>x</p>').toString()).toBe(noRoot);
  });
});

describe('routePreloads', () => {
  it("names the route's chunk and its static imports, not what the template already loads", () => {
    const links = routePreloads(manifest, '/', template);
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(links).toContain('href="/assets/card-1.js"');
    expect(links).not.toContain('react-1.js');
    expect(routePreloads(manifest, '/jobs/some-slug', template)).toContain('/assets/job-1.js');
  });

  it('adds nothing for a path without a known route chunk or a build without a manifest', () => {
    expect(routePreloads(manifest, '/about', template)).toBe('');
    expect(routePreloads({}, '/', template)).toBe('');
  });
});

describe('serveSite', () => {
  let distDir: string;
  let http: ReturnType<typeof supertest>;
  const script = `export const text = ${JSON.stringify('a job board '.repeat(300))};`;

  beforeAll(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-serving-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.mkdirSync(path.join(distDir, '.vite'));
    fs.writeFileSync(path.join(distDir, 'index.html'), template);
    fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const file = path.join(distDir, 'assets', 'home-1.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, gzipSync(script));
    const app = new Koa();
    app.use(compress({ threshold: 1024 })); // as in createApp: it must not compress twice
    // A page whose title and head carry replacement patterns ($$, $&, $') as text, as a job's may.
    const dollars: PageRenderer = async (ctx) =>
      ctx.path === '/about'
        ? {
            title: "Pay $$ & $' $& $`",
            head: '<meta name="description" content="Earn $$$ $&">',
            state: { note: "$' $&" },
          }
        : null;
    app.use(serveSite({ distDir, renderers: [dollars] }));
    http = supertest(app.callback());
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  it('sends the brotli file the build wrote when the client takes brotli, with an immutable cache', async () => {
    const res = await http.get('/assets/home-1.js').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.text).toBe(script); // supertest decodes brotli
  });

  it('sends the gzip file to a gzip-only client and the plain file to one without encodings', async () => {
    const gz = await http.get('/assets/home-1.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(script); // supertest inflates gzip
    const plain = await http.get('/assets/home-1.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it("writes a page's title, head and state as given, dollar signs included", async () => {
    const res = await http.get('/about').expect(200);
    expect(res.text).toContain('<title>Pay $$ &amp; $&#39; $&amp; $`</title>');
    expect(res.text).toContain('<meta name="description" content="Earn $$$ $&">\n<script>');
    expect(res.text).toContain('window.__INITIAL_STATE__={"note":"$\' $&"}');
    expect(res.text.match(/<\/head>/g)).toHaveLength(1);
  });

  it("preloads the route's chunks in the HTML and keeps the build manifest private", async () => {
    const home = await http.get('/').expect(200);
    expect(home.text).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(home.text.indexOf('home-1.js')).toBeLessThan(home.text.indexOf('</head>'));
    await http.get('/.vite/manifest.json').expect(404);
  });
});
