/**
 * JavaScript each public page loads before its first view, gzip (level 9), from the built site's manifest:
 * the entry plus the page's route chunk and every chunk they import statically (what the browser fetches
 * at once; dynamic imports such as dialogs and toasts load when used). `npm run build` first.
 *   npx tsx scripts/page-js.ts [--verbose]
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
}
const dist = path.resolve('frontend/site/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const PAGES: [string, string][] = [
  ['home / search URL', 'src/app/routes/home.tsx'],
  ['job page', 'src/app/routes/job.tsx'],
  ['company page', 'src/app/routes/company.tsx'],
];
const BUDGET_KB = 100;
const verbose = process.argv.includes('--verbose');

for (const [name, route] of PAGES) {
  const seen = new Set<string>();
  const stack = ['index.html', route];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  const sizes = [...seen]
    .map((key) => ({
      file: manifest[key]!.file,
      gz: gzipSync(fs.readFileSync(path.join(dist, manifest[key]!.file)), { level: 9 }).length,
    }))
    .sort((a, b) => b.gz - a.gz);
  const total = sizes.reduce((sum, s) => sum + s.gz, 0) / 1024;
  console.log(`${name}: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) in ${sizes.length} chunks`);
  if (verbose) for (const s of sizes) console.log(`  ${(s.gz / 1024).toFixed(1).padStart(6)} KB  ${s.file}`);
}
