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

/**
 * CPU milliseconds of every process named postgres (the server and its backends). Backends that exit between two
 * readings take their time with them, so read it around work done on pooled, long-lived connections.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(+entry);
    } catch {
      // gone
    }
  }
  return total;
}

/** Busy milliseconds of the whole machine (all cores), from /proc/stat. */
export function machineBusyMs(): number {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return (cpu.reduce((a, b) => a + b, 0) - idle) * TICK_MS;
}
