/**
 * `npx tsx scripts/bench/job-cpu.ts <base URL> <server pid> [pages] [PostgreSQL port]` (issue 23 §6): the whole
 * server's CPU per job page, one page at a time. The server's threads' run time
 * (/proc/<pid>/task/<tid>/schedstat, nanoseconds, read from outside while the server waits for the next request, so
 * it is current) before each request and after its last byte: everything the process did for the page (the page's
 * queries' writes and row parsing, React, the state's JSON, the HTML's assembly and compression, HTTP, GC), plus the
 * server's background work meanwhile (projections polling: the same for any branch). A first pass over the pages
 * stores their similar-jobs lists and warms the JIT; the second is measured. Prints p50 / p95 / mean of node's CPU a
 * page, PostgreSQL's CPU a page (its processes', from /proc, mean) and the bytes on the wire (brotli).
 */
import fs from 'node:fs';
import http from 'node:http';
import { postgresCpuMs } from './proc';

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const pid = Number(process.argv[3]);
const count = Number(process.argv[4] ?? 200);
const pgPort = process.argv[5] ? Number(process.argv[5]) : undefined;

/** Run time of every thread of the process so far, in ms (schedstat's first field is ns on the CPU). */
function threadsMs(p: number): number {
  let ns = 0;
  for (const tid of fs.readdirSync(`/proc/${p}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${p}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return ns / 1e6;
}

function get(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      })
      .on('error', reject);
  });
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

async function main() {
  if (!pid) throw new Error('usage: job-cpu.ts <base URL> <server pid> [pages] [PostgreSQL port]');
  // The pages' paths, kept in a file (JOB_CPU_URLS) so runs against another build measure the same pages and do
  // not ask the feed again (its rate limit).
  const file = process.env.JOB_CPU_URLS;
  const paths: string[] =
    file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) : [];
  if (!paths.length) {
    const first = (await (await fetch(`${base}/api/jobs?fields=card`)).json()) as { totalPages: number };
    for (let i = 0; paths.length < count && i < count * 2; i++) {
      const page = 1 + Math.floor((i * first.totalPages) / (count * 2));
      const list = (await (await fetch(`${base}/api/jobs?fields=card&page=${page}`)).json()) as {
        data: { slug: string }[];
      };
      const slug = list.data[0]?.slug;
      if (slug) paths.push(`/jobs/${encodeURIComponent(slug)}`);
    }
    if (file) fs.writeFileSync(file, JSON.stringify(paths));
  }
  const urls = paths.slice(0, count).map((p) => `${base}${p}`);
  for (const url of urls) await get(url); // lists stored, JIT warm
  for (let i = 0; i < urls.length; i++) await get(`${base}/healthz`);
  await new Promise((r) => setTimeout(r, 300));
  const f = (n: number) => n.toFixed(2);
  const measure = async (list: string[], what: string) => {
    const cpu: number[] = [];
    let bytes = 0;
    const pg0 = postgresCpuMs(pgPort);
    for (const url of list) {
      const before = threadsMs(pid);
      const res = await get(url);
      cpu.push(threadsMs(pid) - before);
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      bytes += res.bytes;
    }
    const pgMs = (postgresCpuMs(pgPort) - pg0) / list.length;
    const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
    console.log(
      `${list.length} ${what}, one at a time: node CPU p50 ${f(percentile(cpu, 50))} ms, p95 ${f(percentile(cpu, 95))} ms, ` +
        `mean ${f(mean)} ms; PostgreSQL ${f(pgMs)} ms each; ${(bytes / list.length / 1024).toFixed(1)} KB on the wire`,
    );
  };
  await measure(urls, 'job pages');
  await measure(
    urls.map(() => `${base}/healthz`),
    'GET /healthz',
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
