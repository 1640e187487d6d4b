/**
 * Issue 23's JavaScript budget: what home, a search URL, a job page and a company page load before their
 * first view stays within 100 KB gzip (scripts/page-js.ts measures the built site's manifest).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, measurePages } from '../../scripts/page-js';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'frontend/site/dist');
const built = fs.existsSync(path.join(dist, '.vite/manifest.json'));
if (!built) console.warn('page JS budget test skipped: build the site first (npm run build); CI does');

describe('JavaScript before the first view', () => {
  it.skipIf(!built)(
    `home, a search URL, a job page and a company page each load ≤ ${BUDGET_KB} KB gzip`,
    () => {
      const pages = measurePages(dist);
      expect(pages.map((p) => p.name)).toEqual(['home', 'search URL', 'job page', 'company page']);
      for (const page of pages) {
        // The entry (React) and the page's own route chunk are always among them.
        expect(page.chunks.length).toBeGreaterThan(1);
        expect({ page: page.name, kb: Math.round(page.kb * 10) / 10 }).toEqual({
          page: page.name,
          kb: expect.toSatisfy((kb: number) => kb <= BUDGET_KB) as unknown,
        });
      }
    },
  );

  it.skipIf(!built)('no public page loads React Router or the back office', () => {
    // Strings that survive minification: React Router's invariant and MUI's component names.
    const foreign = /in the context of a <Router>|MuiButton/;
    const admin = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^admin-app-.*\.js$/.test(f));
    expect(fs.readFileSync(path.join(dist, 'assets', admin!), 'utf8')).toMatch(foreign);
    for (const page of measurePages(dist))
      for (const chunk of page.chunks) {
        const code = fs.readFileSync(path.join(dist, chunk.file), 'utf8');
        expect(code, `${page.name}: ${chunk.file}`).not.toMatch(
          /useInRouterContext|createBrowserHistory|MuiButton/,
        );
      }
  });
});
