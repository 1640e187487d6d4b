/**
 * npm run data:list [-- --remove-orphans] [--root DIR ...]
 *
 * Lists the embedded PostgreSQL clusters this machine holds for board checkouts: this checkout's DATA_DIR
 * (.data unless set) and the clusters in the shared directories (/var/lib/remote-jobs-board,
 * /var/tmp/remote-jobs-board, EMBEDDED_PG_SHARED_DIR) that a checkout in a private folder gets when run
 * as root: DATA_DIR and checkout, size, last use, state. `--remove-orphans` deletes the shared clusters
 * whose DATA_DIR is gone (or records another cluster); a running or used one is never touched.
 * `--root` replaces the shared directories searched (tests).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SHARED_ROOTS, formatBytes, isOrphan, listClusters, removeOrphan } from '../db/clusters';

const USAGE = 'Usage: npm run data:list [-- --remove-orphans]';

function ago(date: Date | null): string {
  if (!date) return 'never started';
  const minutes = Math.round((Date.now() - date.getTime()) / 60_000);
  const when = date.toISOString().slice(0, 16).replace('T', ' ');
  const span =
    minutes < 60
      ? `${minutes} min`
      : minutes < 48 * 60
        ? `${Math.round(minutes / 60)} h`
        : `${Math.round(minutes / 1440)} days`;
  return `${when} UTC (${span} ago)`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'remove-orphans': { type: 'boolean' },
      root: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const roots = values.root ?? [
    ...new Set([process.env.EMBEDDED_PG_SHARED_DIR, ...DEFAULT_SHARED_ROOTS].filter((d): d is string => !!d)),
  ];
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  const clusters = await listClusters({ roots, dataDirs: [dataDir] });
  if (clusters.length === 0) {
    console.log(
      `No embedded PostgreSQL clusters of board checkouts here (looked in ${dataDir}, ${roots.join(', ')}).`,
    );
    return 0;
  }
  console.log(`Embedded PostgreSQL clusters of board checkouts on this machine (${clusters.length}):\n`);
  for (const c of clusters) {
    const owner = c.checkout ? `checkout ${c.checkout}` : 'checkout unknown';
    console.log(`  ${c.dataDir ?? '(DATA_DIR unknown)'}  (${owner})`);
    console.log(`    ${c.state} · ${formatBytes(c.bytes)} · last used ${ago(c.lastUsed)}`);
    console.log(`    ${c.cluster}`);
  }
  const orphans = clusters.filter(isOrphan);
  const orphanBytes = orphans.reduce((n, c) => n + c.bytes, 0);
  console.log('');
  if (orphans.length === 0) {
    console.log('No orphans: every cluster belongs to an existing DATA_DIR.');
    return 0;
  }
  if (!values['remove-orphans']) {
    console.log(
      `${orphans.length} orphan${orphans.length > 1 ? 's' : ''} (${formatBytes(orphanBytes)}): npm run data:list -- --remove-orphans deletes ${orphans.length > 1 ? 'them' : 'it'}.`,
    );
    return 0;
  }
  let removed = 0;
  let freed = 0;
  for (const c of orphans) {
    if (await removeOrphan(c)) {
      removed++;
      freed += c.bytes;
      console.log(`Removed ${c.removable}`);
    } else console.log(`Kept ${c.removable} (in use again)`);
  }
  console.log(`Removed ${removed} orphan${removed === 1 ? '' : 's'}, ${formatBytes(freed)} freed.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
