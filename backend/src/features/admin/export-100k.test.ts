import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { PASSWORD, signUp } from './testing';
import v8 from 'node:v8';
import vm from 'node:vm';

const ROWS = 100_000;
let h: TestHarness;
let server: http.Server;
let cookie: string;

beforeAll(async () => {
  h = await createTestHarness();
  const admin = await signUp(h, 'admin');
  // Straight into the read model: the export reads only the table, and events would take minutes.
  await h.testDb.pool.query(
    `insert into jobs (job_id, public_id, slug, source, external_id, content_hash, title, company, company_slug,
                       location, is_remote, is_hybrid, workplace, type, experience_level, industry, skills,
                       description, excerpt, date_posted, application_url, status, revision, posted_at, updated_at)
     select gen_random_uuid(), i, 'job-' || i, 'bulk', 'ext-' || i, 'h', 'Engineer number ' || i, 'Company ' || (i % 500),
            'company-' || (i % 500), 'Remote, "Anywhere"', true, false, 'remote', 'Full Time', 'Mid-level',
            'Software Engineering', array['TypeScript', 'SQL'], '<p>x</p>', 'x', now(), 'https://example.com/' || i,
            'live', 0, now(), now()
     from generate_series(1, $1) as i`,
    [ROWS],
  );
  server = http.createServer(h.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const login = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.77.0.1' },
    body: JSON.stringify({ username: admin.username, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

describe('GET /api/admin/export/jobs.csv with 100,000 rows', () => {
  it('streams every row while the heap stays bounded', async () => {
    const port = (server.address() as AddressInfo).port;
    // Measure live memory, not garbage waiting for a collection: collect before each sample.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    let chunks = 0;
    let lines = 0;
    let bytes = 0;
    let tail = '';
    await new Promise<void>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/admin/export/jobs.csv',
            headers: { Cookie: cookie, 'Accept-Encoding': 'identity' },
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            expect(res.headers['content-disposition']).toMatch(/filename="jobs-\d{4}-\d{2}-\d{2}\.csv"/);
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              for (const byte of chunk) if (byte === 10) lines += 1;
              tail = chunk.toString().slice(-200);
              if (++chunks % 100 === 0) {
                gc();
                peak = Math.max(peak, process.memoryUsage().heapUsed);
              }
            });
            res.on('end', resolve);
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
    expect(lines).toBe(ROWS + 1); // the header and one line per job
    expect(tail).toMatch(/\r\n$/);
    expect(bytes).toBeGreaterThan(ROWS * 100); // the whole file went through, not a stub
    // Streaming: what stays alive is far below the file's size (buffering it would keep it all).
    expect(peak - baseline).toBeLessThan(Math.min(50 * 1024 * 1024, bytes / 4));
  }, 120_000);
});
