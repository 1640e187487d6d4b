import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(repo, 'scripts/build-if-needed.ts');

/** A small repository of the same layout, with a Vite config that builds its one page for real. */
function miniRepository(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-needed-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const site = path.join(root, 'frontend/site');
  write(
    'frontend/site/vite.config.ts',
    // The browser build, and (`--ssr`) the server build the server renders pages with.
    `export default ({ isSsrBuild }) => isSsrBuild
      ? { root: ${JSON.stringify(site)}, logLevel: 'warn', build: { outDir: ${JSON.stringify(path.join(site, 'dist-ssr'))}, emptyOutDir: true, manifest: true, rollupOptions: { input: ${JSON.stringify(path.join(site, 'src/entry-server.ts'))} } } }
      : { root: ${JSON.stringify(site)}, logLevel: 'warn', build: { outDir: ${JSON.stringify(path.join(site, 'dist'))}, emptyOutDir: true, manifest: true } };\n`,
  );
  write('frontend/site/src/entry-server.ts', "export const render = () => 'first';\n");
  write('frontend/site/index.html', '<!doctype html><script type="module" src="/src/main.ts"></script>\n');
  write('frontend/site/src/main.ts', "document.body.textContent = 'first';\n");
  write('frontend/site/src/main.test.ts', '// a test: never bundled\n');
  write('frontend/admin/src/index.ts', 'export const admin = 1;\n');
  write('contracts/src/index.ts', 'export const contract = 1;\n');
  write('package.json', '{ "name": "mini", "private": true, "type": "module" }\n');
  write('package-lock.json', '{}\n');
  return root;
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function run(root: string, ...args: (string | Record<string, string>)[]) {
  const started = performance.now();
  const flags = args.filter((a): a is string => typeof a === 'string');
  const env = Object.assign({}, ...args.filter((a) => typeof a !== 'string')) as Record<string, string>;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')));
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...flags], {
    cwd: repo,
    env: { ...inherited, ...env, BUILD_ROOT: root },
    encoding: 'utf8',
  });
  const seconds = (performance.now() - started) / 1000;
  expect(result.status, result.stderr).toBe(0);
  return { output: result.stdout + result.stderr, seconds };
}

const bundle = (root: string) =>
  fs
    .readdirSync(path.join(root, 'frontend/site/dist/assets'))
    .map((f) => fs.readFileSync(path.join(root, 'frontend/site/dist/assets', f), 'utf8'))
    .join('\n');

describe('npm start builds the site only when its sources changed', () => {
  it('builds on first start, skips an unchanged restart, builds again after a source change', () => {
    const root = miniRepository();
    roots.push(root);

    const first = run(root);
    expect(first.output).toMatch(/Building the site \(no build yet\)/);
    expect(bundle(root)).toContain('first');
    expect(fs.existsSync(path.join(root, 'frontend/site/dist/.vite/build-stamp'))).toBe(true);

    const restart = run(root);
    expect(restart.output).toMatch(/up to date/);
    expect(restart.output).not.toMatch(/Building/);

    // A test file is not part of the bundle.
    fs.appendFileSync(path.join(root, 'frontend/site/src/main.test.ts'), '// changed\n');
    expect(run(root).output).toMatch(/up to date/);

    fs.writeFileSync(path.join(root, 'frontend/site/src/main.ts'), "document.body.textContent = 'second';\n");
    const changed = run(root);
    expect(changed.output).toMatch(
      /Building the site \(its sources or VITE_\* settings changed since the last build\)/,
    );
    expect(bundle(root)).toContain('second');

    fs.appendFileSync(path.join(root, 'contracts/src/index.ts'), 'export const more = 2;\n');
    expect(run(root).output).toMatch(/sources or VITE_\* settings changed/);
    expect(run(root).output).toMatch(/up to date/);
    // A VITE_* setting is built into the bundle.
    expect(run(root, { VITE_CONTACT_EMAIL: 'jobs@example.org' }).output).toMatch(/settings changed/);
    expect(run(root, { VITE_CONTACT_EMAIL: 'jobs@example.org' }).output).toMatch(/up to date/);

    // A build removed (or never finished) is made again.
    fs.rmSync(path.join(root, 'frontend/site/dist/index.html'));
    expect(run(root).output).toMatch(/Building the site \(no build yet\)/);

    // `npm run build` (--always) builds whatever the stamp says, and records it for the next start.
    const always = run(root, '--always');
    expect(always.output).not.toMatch(/up to date/);
    expect(run(root).output).toMatch(/up to date/);

    console.info(
      `build-if-needed: first start ${first.seconds.toFixed(2)} s (build), unchanged restart ${restart.seconds.toFixed(2)} s, after a change ${changed.seconds.toFixed(2)} s`,
    );
    expect(restart.seconds).toBeLessThan(first.seconds);
  }, 180_000);
});
