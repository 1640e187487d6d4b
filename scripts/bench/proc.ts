import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU milliseconds (user + system) of a process so far, from /proc; 0 when it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function stat(pid: string | number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return [String(pid), ...text.slice(text.lastIndexOf(')') + 2).split(' ')];
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds of the PostgreSQL server listening on `port` (its postmaster, every live backend, and the backends
 * that exited, which the postmaster reaped: its children's time). Without a port (or when no postmaster of that port
 * is found): every process named postgres on the machine, which counts other users' servers too, and misses the
 * backends that exited between two readings.
 */
export function postgresCpuMs(port?: number): number {
  let total = 0;
  let postmaster: string | null = null;
  const all: string[][] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = stat(entry);
      if (!fields) continue;
      all.push(fields);
      if (port !== undefined && !postmaster) {
        const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        const i = args.indexOf('-p');
        if (i >= 0 && Number(args[i + 1]) === port) postmaster = entry;
      }
    } catch {
      // gone
    }
  }
  // fields (after the pid we put first): [1] state, [2] ppid, [12] utime, [13] stime, [14] cutime, [15] cstime
  const ticks = (f: string[], from: number, to: number) => {
    let n = 0;
    for (let i = from; i <= to; i++) n += Number(f[i]);
    return n;
  };
  for (const f of all) {
    if (postmaster === null) total += ticks(f, 12, 13);
    else if (f[0] === postmaster) total += ticks(f, 12, 15);
    else if (f[2] === postmaster) total += ticks(f, 12, 13);
  }
  return total * TICK_MS;
}

/** Busy milliseconds of the whole machine (all cores), from /proc/stat. */
export function machineBusyMs(): number {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return (cpu.reduce((a, b) => a + b, 0) - idle) * TICK_MS;
}
