import fs from 'node:fs';

/**
 * CPU time of the calling thread in milliseconds, for timing a synchronous piece of work (the server
 * render, issue 23). `process.cpuUsage()` counts the whole process: V8's garbage-collection and compiler
 * threads and the libuv pool compressing other answers meanwhile, so on a busy server a 2 ms render read
 * 5-20 ms. On Linux this reads the thread's own run time (the first field of /proc/thread-self/schedstat,
 * nanoseconds, kept open: ~1 µs a read); elsewhere, or when the file cannot be read, the process figure.
 *
 * Call it on the thread whose time you want: the file is opened on the first call and names that thread.
 */
export function threadCpuClock(): () => number {
  let fd: number | null | undefined;
  const buf = Buffer.alloc(64);
  const processMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  return () => {
    if (fd === undefined) {
      try {
        fd = fs.openSync('/proc/thread-self/schedstat', 'r');
      } catch {
        fd = null;
      }
    }
    if (fd === null) return processMs();
    try {
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      const ns = Number(buf.toString('latin1', 0, n).split(' ', 1)[0]);
      if (Number.isFinite(ns)) return ns / 1e6;
    } catch {
      // fall through to the process figure, and stay there
    }
    fd = null;
    return processMs();
  };
}
