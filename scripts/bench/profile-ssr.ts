/**
 * `npx tsx scripts/bench/profile-ssr.ts <base URL> [pages]` (issue 23): the React render's own CPU per job page,
 * alone in this process. It takes each page's initial state from the server's HTML (window.__INITIAL_STATE__,
 * the very data the server rendered with), then calls the site's server build (frontend/site/dist-ssr) for
 * those pages here, one at a time, with nothing else running in the process: p50/p95 of the CPU time per
 * render. The server's own `Server-Timing: render-cpu` counts the whole process (the thread pool compressing
 * other answers too), so under concurrency it reads high; this is the render alone. Run with
 * `node --cpu-prof --import tsx scripts/bench/profile-ssr.ts …` to see where the time goes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface SiteRenderer {
  render(url: string, state: Record<string, unknown> | undefined): Promise<string>;
}

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const count = Number(process.argv[3] ?? 100);
const root = path.resolve(import.meta.dirname, '../..');

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

async function main() {
  const ssrDir = path.join(root, 'frontend/site/dist-ssr');
  const manifest = JSON.parse(fs.readFileSync(path.join(ssrDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest['src/entry-server.tsx']!.file;
  const site = (await import(pathToFileURL(path.join(ssrDir, entry)).href)) as SiteRenderer;

  const first = (await (await fetch(`${base}/api/jobs?fields=card`)).json()) as { totalPages: number };
  const pages: { url: string; state: Record<string, unknown> }[] = [];
  for (let i = 0; pages.length < count && i < count; i++) {
    const page = 1 + Math.floor((i * first.totalPages) / count);
    const list = (await (await fetch(`${base}/api/jobs?fields=card&page=${page}`)).json()) as {
      data: { slug: string }[];
    };
    const slug = list.data[0]?.slug;
    if (!slug) continue;
    const url = `/jobs/${encodeURIComponent(slug)}`;
    const html = await (await fetch(`${base}${url}`)).text();
    const m = /window\.__INITIAL_STATE__=(.*?)<\/script>/s.exec(html);
    if (m) pages.push({ url, state: JSON.parse(m[1]!) as Record<string, unknown> });
  }
  // Warm up: the page chunk's import and the JIT.
  for (const p of pages.slice(0, 10)) await site.render(p.url, p.state);
  const cpu: number[] = [];
  const wall: number[] = [];
  let bytes = 0;
  for (const p of pages) {
    const c = process.cpuUsage();
    const t = performance.now();
    bytes += (await site.render(p.url, p.state)).length;
    wall.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
  }
  // PROFILE_REPEAT=n renders every page n more times after measuring: a --cpu-prof then shows the render.
  for (let r = 0; r < Number(process.env.PROFILE_REPEAT ?? 0); r++)
    for (const p of pages) await site.render(p.url, p.state);
  const f = (n: number) => n.toFixed(2);
  console.log(
    `${pages.length} job pages rendered alone: CPU p50 ${f(percentile(cpu, 50))} ms, p95 ${f(percentile(cpu, 95))} ms; ` +
      `wall p50 ${f(percentile(wall, 50))} ms, p95 ${f(percentile(wall, 95))} ms; ` +
      `${Math.round(bytes / pages.length / 1024)} KB of HTML each`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
