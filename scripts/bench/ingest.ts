import { generateJobs } from '../../backend/src/features/seed/generate';

export interface IngestTiming {
  /** Milliseconds until the last batch was accepted. */
  acceptedMs: number;
  /** Milliseconds until the feed and the count showed every job. */
  visibleMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Seeds `jobs` generated jobs through the real ingestion API (POST /api/ingest/jobs, batches of 500, two in
 * flight) with a source's bearer token, then waits until /api/jobs/count and the feed show them all. A
 * 401 on the first batch is retried for a few seconds: a token works once the sources read model has the
 * source. Shared by `npm run bench` and `npm run load`.
 */
export async function ingestThroughApi(options: {
  baseUrl: string;
  token: string;
  jobs: number;
  progress?: (line: string) => void;
}): Promise<IngestTiming> {
  const { baseUrl, token, jobs } = options;
  const t0 = performance.now();
  const batch = 500;
  let next = 0;
  const now = new Date();
  const post = async (items: unknown[]) => {
    for (const until = Date.now() + 15_000; ; await sleep(200)) {
      const res = await fetch(`${baseUrl}/api/ingest/jobs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ items }),
      });
      if (res.ok) return;
      if (res.status !== 401 || Date.now() > until)
        throw new Error(`ingest ${res.status}: ${await res.text()}`);
    }
  };
  const worker = async () => {
    while (next < jobs) {
      const offset = next;
      next += batch;
      await post(generateJobs({ count: Math.min(batch, jobs - offset), offset, now }));
      if (offset % 10_000 === 0)
        options.progress?.(`ingested ${offset.toLocaleString('en')} / ${jobs.toLocaleString('en')}`);
    }
  };
  await Promise.all([worker(), worker()]);
  const accepted = performance.now();
  for (;;) {
    const { total } = (await (await fetch(`${baseUrl}/api/jobs/count`)).json()) as { total: number };
    const feed = (await (await fetch(`${baseUrl}/api/jobs`)).json()) as { totalJobs: number };
    if (total >= jobs && feed.totalJobs >= jobs) break;
    await sleep(100);
  }
  return { acceptedMs: accepted - t0, visibleMs: performance.now() - t0 };
}
