/**
 * JavaScript each public page loads before its first view, gzip (level 9), from the built site's manifest:
 * the entry plus the page's route chunk and every chunk they import statically (what the browser fetches
 * at once; dynamic imports such as dialogs and toasts load when used). `npm run build` first.
 *   npx tsx scripts/page-js.ts [--verbose] [--check]
 * --check exits 1 when a page is over its budget (issue 23: 100 KB gzip for home, a search URL, a job page
 * and a company page).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 100;

/** The pages of the budget and the route chunk each renders (a search URL is the home route). */
export const PAGES: readonly { name: string; url: string; route: string }[] = [
  { name: 'home', url: '/', route: 'src/app/routes/home.tsx' },
  { name: 'search URL', url: '/?search=engineer', route: 'src/app/routes/home.tsx' },
  { name: 'job page', url: '/jobs/<slug>', route: 'src/app/routes/job.tsx' },
  { name: 'company page', url: '/companies/<slug>', route: 'src/app/routes/company.tsx' },
];

interface Chunk {
  file: string;
  imports?: string[];
}

export interface PageJs {
  name: string;
  url: string;
  kb: number;
  chunks: { file: string; kb: number }[];
}

/** Each page's first-view JavaScript in the build at `dist` (frontend/site/dist by default). */
export function measurePages(dist = path.resolve('frontend/site/dist')): PageJs[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  return PAGES.map(({ name, url, route }) => {
    if (!manifest[route]) throw new Error(`${route} is not in the build's manifest`);
    const seen = new Set<string>();
    const stack = ['index.html', route];
    while (stack.length) {
      const key = stack.pop()!;
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []));
    }
    const chunks = [...seen]
      .map((key) => ({
        file: manifest[key]!.file,
        kb: gzipSync(fs.readFileSync(path.join(dist, manifest[key]!.file)), { level: 9 }).length / 1024,
      }))
      .sort((a, b) => b.kb - a.kb);
    return { name, url, kb: chunks.reduce((sum, c) => sum + c.kb, 0), chunks };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const verbose = process.argv.includes('--verbose');
  const check = process.argv.includes('--check');
  const pages = measurePages();
  for (const page of pages) {
    const verdict = page.kb <= BUDGET_KB ? 'ok' : 'OVER';
    console.log(
      `${`${page.name} (${page.url})`.padEnd(32)} ${page.kb.toFixed(1).padStart(6)} KB gzip / budget ${BUDGET_KB} KB  ${verdict}  (${page.chunks.length} chunks)`,
    );
    if (verbose) for (const c of page.chunks) console.log(`  ${c.kb.toFixed(1).padStart(6)} KB  ${c.file}`);
  }
  const over = pages.filter((p) => p.kb > BUDGET_KB);
  if (check && over.length) {
    console.error(`Over the ${BUDGET_KB} KB budget: ${over.map((p) => p.name).join(', ')}`);
    process.exit(1);
  }
}
