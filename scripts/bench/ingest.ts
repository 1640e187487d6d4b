import { generateJobs } from '../../backend/src/features/seed/generate';

export interface IngestTiming {
  /** Milliseconds spent generating the batches before the clock started (the bots' work, not ours). */
  preparedMs: number;
  /** Milliseconds until the last batch was accepted. */
  acceptedMs: number;
  /** Milliseconds until the feed and the count showed every job. */
  visibleMs: number;
}

const EMPTY: Buffer<ArrayBuffer> = Buffer.alloc(0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Seeds `jobs` generated jobs through the real ingestion API (POST /api/ingest/jobs, batches of 500,
 * `inFlight` batches at a time, default 2) with a source's bearer token, then waits until /api/jobs/count and
 * the feed show them all. The batch bodies are generated and serialised before the clock starts: producing
 * them is the bots' work, which runs on other machines, and timing it would measure the generator rather than
 * the board. A 401 on the first batch is retried for a few seconds: a token works once the sources read model
 * has the source. Shared by `npm run bench` and `npm run load`.
 */
export async function ingestThroughApi(options: {
  baseUrl: string;
  token: string;
  jobs: number;
  inFlight?: number;
  progress?: (line: string) => void;
}): Promise<IngestTiming> {
  const { baseUrl, token, jobs } = options;
  const batch = 500;
  const now = new Date();
  const prepareStart = performance.now();
  // Buffers, outside the JavaScript heap: a million jobs are about 4 GB of JSON, more than the heap holds as strings.
  const bodies: Buffer<ArrayBuffer>[] = [];
  for (let offset = 0; offset < jobs; offset += batch)
    bodies.push(
      Buffer.from(
        JSON.stringify({ items: generateJobs({ count: Math.min(batch, jobs - offset), offset, now }) }),
      ),
    );
  const preparedMs = performance.now() - prepareStart;
  const post = async (body: Buffer<ArrayBuffer>) => {
    for (const until = Date.now() + 15_000; ; await sleep(200)) {
      // Ingestion is idempotent per item, so a batch whose connection broke (the server closing a kept-alive
      // socket as the next body goes out) is sent again, as a bot would.
      const res = await fetch(`${baseUrl}/api/ingest/jobs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      }).catch((err: unknown) => {
        if (Date.now() > until) throw err;
        console.error(
          `\n  ingest: ${(err as Error).message} (${String((err as Error).cause)}); sending again`,
        );
        return null;
      });
      if (!res) continue;
      if (res.ok) {
        await res.arrayBuffer();
        return;
      }
      if (res.status !== 401 || Date.now() > until)
        throw new Error(`ingest ${res.status}: ${await res.text()}`);
    }
  };
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const index = next++;
      await post(bodies[index]!);
      bodies[index] = EMPTY;
      if ((index * batch) % 10_000 === 0)
        options.progress?.(`ingested ${(index * batch).toLocaleString('en')} / ${jobs.toLocaleString('en')}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.inFlight ?? 2) }, worker));
  const accepted = performance.now();
  // The duplicate check merges the few generated jobs that read like copies of another (a handful per 100,000),
  // so the feed may settle a little under `jobs`: then the time is when the count last moved, once it held 5 s.
  let last = { total: -1, feed: -1, at: performance.now() };
  for (;;) {
    const { total } = (await (await fetch(`${baseUrl}/api/jobs/count`)).json()) as { total: number };
    const feed = (await (await fetch(`${baseUrl}/api/jobs`)).json()) as { totalJobs: number };
    if (total >= jobs && feed.totalJobs >= jobs) break;
    const now = performance.now();
    if (total !== last.total || feed.totalJobs !== last.feed) last = { total, feed: feed.totalJobs, at: now };
    else if (total === feed.totalJobs && total >= jobs * 0.99 && now - last.at > 5_000)
      return { preparedMs, acceptedMs: accepted - t0, visibleMs: last.at - t0 };
    await sleep(100);
  }
  return { preparedMs, acceptedMs: accepted - t0, visibleMs: performance.now() - t0 };
}
