import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The site's production build, only when needed (`npm start`), or always (`npm run build`, `--always`).
 *
 * What the build reads (the site, the back office, the contracts, the lock file, package.json, tsconfig,
 * the Vite config, VITE_* environment variables) is hashed by content into a stamp written after a successful build
 * (frontend/site/dist/.vite/build-stamp, never served). A start with the same hash and a complete build
 * (index.html and the manifest the server reads) skips the build: a restart with nothing changed serves
 * within seconds instead of after a full production build.
 *
 * BUILD_ROOT (tests): the repository to build, this one by default. BUILD_STAMP_FILE: the stamp's path.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files and folders (relative to the root) whose content the build depends on. */
export const BUILD_INPUTS = [
  'frontend/site',
  'frontend/admin',
  'contracts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-ssr', '.vite', 'coverage']);
/** Tests are never part of the bundle: changing one rebuilds nothing. */
const SKIPPED_FILES = /\.test\.[cm]?[jt]sx?$/;

export function sourcesHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const files: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(root, rel);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (SKIPPED_FOLDERS.has(name)) continue;
        walk(path.posix.join(rel, name));
      }
    } else if (stat.isFile() && !SKIPPED_FILES.test(rel)) files.push(rel);
  };
  for (const input of BUILD_INPUTS) walk(input);
  const hash = crypto.createHash('sha256');
  // Vite puts VITE_* settings into the bundle (the site's contact addresses).
  for (const [name, value] of Object.entries(env).sort(([a], [b]) => a.localeCompare(b)))
    if (name.startsWith('VITE_')) hash.update(`env ${name}=${value ?? ''}\0`);
  for (const rel of files) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export interface BuildPaths {
  root: string;
  distDir: string;
  stampFile: string;
}

export function buildPaths(
  root = process.env.BUILD_ROOT ?? repositoryRoot,
  stampFile = process.env.BUILD_STAMP_FILE,
): BuildPaths {
  const distDir = path.join(root, 'frontend/site/dist');
  return { root, distDir, stampFile: stampFile ?? path.join(distDir, '.vite', 'build-stamp') };
}

/** Why a build is needed, or null when the last build is of these very sources. */
export function buildReason(paths: BuildPaths, hash: string): string | null {
  if (!fs.existsSync(path.join(paths.distDir, 'index.html'))) return 'no build yet';
  if (
    !fs.existsSync(path.join(paths.distDir, '.vite', 'manifest.json')) ||
    !fs.existsSync(path.join(path.dirname(paths.distDir), 'dist-ssr', '.vite', 'manifest.json'))
  )
    return 'the last build is incomplete';
  const stamp = fs.existsSync(paths.stampFile) ? fs.readFileSync(paths.stampFile, 'utf8').trim() : '';
  if (!stamp) return 'no record of what the last build was made from';
  return stamp === hash ? null : 'its sources or VITE_* settings changed since the last build';
}

/** The browser build (dist/), then the server build that renders its pages (dist-ssr/, issue 23). */
async function viteBuild(root: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  for (const extra of [[], ['--ssr']]) {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [vite, 'build', ...extra, '--config', path.join(root, 'frontend/site/vite.config.ts')],
        { cwd: root, stdio: 'inherit' },
      );
      child.once('error', reject);
      child.once('exit', (c, signal) => resolve(signal ? 1 : c));
    });
    if (code !== 0) throw new Error(`vite build${extra.length ? ' --ssr' : ''} failed (exit ${code})`);
  }
}

export async function buildIfNeeded(options: {
  paths?: BuildPaths;
  always?: boolean;
  build?: (root: string) => Promise<void>;
  log?: (line: string) => void;
}): Promise<{ built: boolean; reason: string | null }> {
  const paths = options.paths ?? buildPaths();
  const log = options.log ?? ((line: string) => console.log(line));
  const hash = sourcesHash(paths.root);
  const reason = options.always ? 'always' : buildReason(paths, hash);
  if (!reason) {
    log('The site build is up to date (sources unchanged since it was made): not building it again.');
    return { built: false, reason };
  }
  if (!options.always) log(`Building the site (${reason}).`);
  // A build that fails or is interrupted leaves no stamp: the next start builds again.
  fs.rmSync(paths.stampFile, { force: true });
  await (options.build ?? viteBuild)(paths.root);
  fs.mkdirSync(path.dirname(paths.stampFile), { recursive: true });
  fs.writeFileSync(paths.stampFile, `${hash}\n`);
  return { built: true, reason };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildIfNeeded({ always: process.argv.includes('--always') }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
