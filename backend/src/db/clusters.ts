import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded PostgreSQL clusters this machine holds for board checkouts (`npm run data:list`): each
 * checkout's DATA_DIR/postgres, and the clusters kept in the shared directories (/var/lib/remote-jobs-board,
 * /var/tmp/remote-jobs-board) for DATA_DIRs the postgres system user cannot enter (see embedded.ts). A
 * shared cluster names its DATA_DIR (the file DATA_DIR beside it); it is an orphan when that DATA_DIR is
 * gone, or when the DATA_DIR now records another cluster (it was deleted and made again).
 */
export type ClusterState = 'running' | 'in use' | 'orphan: DATA_DIR gone' | 'orphan: DATA_DIR uses another';

export interface ClusterInfo {
  /** The cluster's directory (PG_VERSION, base/, …). */
  cluster: string;
  /** What to delete to remove it: the shared home (data-<hash>-<id>) or the cluster directory. */
  removable: string;
  dataDir: string | null;
  /** The checkout the DATA_DIR belongs to (its parent when it is a checkout's .data), when known. */
  checkout: string | null;
  bytes: number;
  /** The latest of its control file's and its postmaster.pid's change times (a stop, a checkpoint, a start). */
  lastUsed: Date | null;
  state: ClusterState;
}

export const DEFAULT_SHARED_ROOTS = ['/var/lib/remote-jobs-board', '/var/tmp/remote-jobs-board'];

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await sizeOf(p);
    else total += (await fs.lstat(p).catch(() => null))?.size ?? 0;
  }
  return total;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function running(cluster: string): Promise<boolean> {
  const text = await fs.readFile(path.join(cluster, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && alive(pid);
}

async function lastUsed(cluster: string): Promise<Date | null> {
  const times = await Promise.all(
    ['global/pg_control', 'postmaster.pid', 'postmaster.opts'].map((f) =>
      fs.stat(path.join(cluster, f)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  const latest = Math.max(...times);
  return latest > 0 ? new Date(latest) : null;
}

async function checkoutOf(dataDir: string): Promise<string | null> {
  const parent = path.dirname(dataDir);
  if (path.basename(dataDir) === '.data') return parent;
  return (await exists(path.join(parent, 'package.json'))) ? parent : null;
}

async function recordedLocation(dataDir: string): Promise<string | null> {
  const text = (await fs.readFile(path.join(dataDir, 'postgres.location'), 'utf8').catch(() => '')).trim();
  return text && path.isAbsolute(text) ? text : null;
}

async function samePath(a: string, b: string): Promise<boolean> {
  const real = async (p: string) => fs.realpath(p).catch(() => path.resolve(p));
  return (await real(a)) === (await real(b));
}

/** Every cluster under the shared roots, and the DATA_DIRs' own (this checkout's .data). */
export async function listClusters(options: { roots: string[]; dataDirs: string[] }): Promise<ClusterInfo[]> {
  const found: ClusterInfo[] = [];
  const seen = new Set<string>();
  for (const root of options.roots) {
    const names = await fs.readdir(root).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith('data-')).sort()) {
      const home = path.join(root, name);
      const cluster = path.join(home, 'postgres');
      const dataDir = (await fs.readFile(path.join(home, 'DATA_DIR'), 'utf8').catch(() => '')).trim() || null;
      let state: ClusterState;
      if (await running(cluster)) state = 'running';
      else if (!dataDir || !(await exists(dataDir))) state = 'orphan: DATA_DIR gone';
      else {
        const location = await recordedLocation(dataDir);
        state = location && (await samePath(location, cluster)) ? 'in use' : 'orphan: DATA_DIR uses another';
      }
      seen.add(path.resolve(cluster));
      found.push({
        cluster,
        removable: home,
        dataDir,
        checkout: dataDir ? await checkoutOf(dataDir) : null,
        bytes: await sizeOf(home),
        lastUsed: await lastUsed(cluster),
        state,
      });
    }
  }
  for (const dataDir of options.dataDirs.map((d) => path.resolve(d))) {
    const cluster = path.join(dataDir, 'postgres');
    if (seen.has(cluster) || !(await exists(path.join(cluster, 'PG_VERSION')))) continue;
    found.push({
      cluster,
      removable: cluster,
      dataDir,
      checkout: await checkoutOf(dataDir),
      bytes: await sizeOf(cluster),
      lastUsed: await lastUsed(cluster),
      state: (await running(cluster)) ? 'running' : 'in use',
    });
  }
  return found;
}

export const isOrphan = (c: ClusterInfo) => c.state.startsWith('orphan');

/** Deletes an orphan (checked again first: a cluster that runs or is in use again is left alone). */
export async function removeOrphan(c: ClusterInfo): Promise<boolean> {
  if (!isOrphan(c) || (await running(c.cluster))) return false;
  if (c.dataDir && (await exists(c.dataDir))) {
    const location = await recordedLocation(c.dataDir);
    if (location && (await samePath(location, c.cluster))) return false;
  }
  await fs.rm(c.removable, { recursive: true, force: true });
  return true;
}

export function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
