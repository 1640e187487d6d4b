/**
 * GET /api/jobs?fields=card (issue 23): the feed's rows carry only what a card shows, so a page of 20
 * jobs with real ATS-sized descriptions (3-8 KB each) stays within 5 KB on the wire, measured as the
 * compressed bytes a browser receives from a listening server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '@jobs/contracts';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { postJob } from './test-events';

let h: TestHarness;
let server: http.Server;
let base = '';

/** A deterministic pseudo-random source, so every run posts the same text. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const WORDS = (
  'team build scalable services customers product platform design review mentor engineers deliver ' +
  'reliable infrastructure observability testing deployment pipelines cloud data models analytics ' +
  'collaborate stakeholders roadmap ownership quality performance security privacy compliance ' +
  'features users growth experiments api integrations payments billing search ranking latency ' +
  'incidents oncall documentation hiring culture async remote timezone flexible benefits equity ' +
  'health insurance learning budget conferences hardware stipend parental leave vacation wellness'
).split(' ');

/** HTML like an ATS posting: headed sections of paragraphs and lists, `bytes` long or a little more. */
function description(next: () => number, bytes: number): string {
  const sentence = () => {
    const n = 8 + Math.floor(next() * 14);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    const text = words.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)} ${Math.floor(next() * 1000)}.`;
  };
  let html = '';
  let section = 0;
  while (html.length < bytes) {
    section += 1;
    html += `<h3>Section ${section}</h3><p>${sentence()} ${sentence()} ${sentence()}</p><ul>`;
    for (let i = 0; i < 4; i += 1) html += `<li>${sentence()}</li>`;
    html += '</ul>';
  }
  return html;
}

/** The body as sent (compressed) and decoded, with its encoding. */
function getRaw(path: string, encoding: string) {
  return new Promise<{ wire: number; encoding: string | undefined; status: number }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        let wire = 0;
        res.on('data', (chunk: Buffer) => (wire += chunk.length));
        res.on('end', () =>
          resolve({ wire, encoding: res.headers['content-encoding'], status: res.statusCode ?? 0 }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  h = await createTestHarness();
  const next = random(23);
  let last: Position | undefined;
  for (let i = 0; i < 24; i += 1) {
    const posted = await postJob(h.services.store, {
      title: `Senior Platform Engineer ${i}`,
      company: `Company ${i % 7}`,
      description: description(next, 3000 + Math.floor(next() * 5000)),
      skills: ['TypeScript', 'PostgreSQL', 'Kubernetes'],
      datePosted: new Date(Date.now() - i * 3_600_000).toISOString(),
    });
    last = posted.position;
  }
  expect(await h.services.runner.waitForPosition(last!, 10_000)).toBe(true);
  server = http.createServer(h.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

describe('GET /api/jobs?fields=card', () => {
  it('answers the card fields only, the same jobs in the same order as the full answer', async () => {
    const full = await h.http.get('/api/jobs').query({ title: 'engineer' });
    const card = await h.http.get('/api/jobs').query({ title: 'engineer', fields: 'card' });
    expect(card.status).toBe(200);
    const fullBody = full.body as { data: Record<string, unknown>[]; totalJobs: number };
    const cardBody = card.body as { data: Record<string, unknown>[]; totalJobs: number };
    expect(cardBody.data).toHaveLength(20);
    expect(cardBody.totalJobs).toBe(fullBody.totalJobs);
    expect(cardBody.data.map((j) => j.id)).toEqual(fullBody.data.map((j) => j.id));
    const job = cardBody.data[0]!;
    expect(Object.keys(job).sort()).toEqual(
      [
        'company',
        'companyLogo',
        'confirmedBy',
        'continent',
        'country',
        'datePosted',
        'eligibility',
        'excerpt',
        'experienceLevel',
        'id',
        'industry',
        'isHybrid',
        'isRemote',
        'lastConfirmedAt',
        'location',
        'salary',
        'slug',
        'title',
        'type',
      ].sort(),
    );
    expect(job.excerpt).toEqual(fullBody.data[0]!.excerpt);
    expect(String(job.excerpt).length).toBeGreaterThan(50);
    // The default stays the spec's whole Job.
    expect(fullBody.data[0]!.description).toMatch(/<h3>/);
  });

  it('weighs at most 5 KB on the wire per page of 20 (brotli and gzip), against tens of KB in full', async () => {
    for (const encoding of ['br', 'gzip']) {
      const card = await getRaw('/api/jobs?fields=card', encoding);
      const full = await getRaw('/api/jobs', encoding);
      expect(card.status).toBe(200);
      expect(card.encoding).toBe(encoding);
      expect(card.wire, `${encoding}: ${card.wire} bytes`).toBeLessThanOrEqual(5 * 1024);
      expect(full.wire, `${encoding}: full page ${full.wire} bytes`).toBeGreaterThan(3 * card.wire);
    }
  });

  it('gives a job whose description is too short its company description as excerpt, everywhere', async () => {
    const posted = await postJob(h.services.store, {
      title: 'Staff Excerpt Engineer',
      company: 'Fallback Co',
      description: '<p>Apply now</p>',
      companyDescription: 'Fallback Co builds satellites for weather forecasting.',
      skills: ['TypeScript', 'PostgreSQL', 'Kubernetes'],
    });
    expect(await h.services.runner.waitForPosition(posted.position, 10_000)).toBe(true);
    const expected = 'Fallback Co builds satellites for weather forecasting.';
    const one = await h.http.get(`/api/jobs/${posted.publicId}`);
    expect(one.status).toBe(200);
    expect((one.body as { excerpt: string }).excerpt).toBe(expected);
    for (const fields of [undefined, 'card']) {
      const res = await h.http
        .get('/api/jobs')
        .query({ title: 'Staff Excerpt Engineer', ...(fields ? { fields } : {}) });
      const rows = (res.body as { data: { id: number; excerpt: string }[] }).data;
      expect(rows.find((j) => j.id === posted.publicId)?.excerpt).toBe(expected);
    }
    // A job with a long enough description keeps its own excerpt.
    const similar = await h.http.get(`/api/jobs/${posted.publicId}/similar`);
    for (const job of similar.body as { excerpt: string }[]) expect(job.excerpt).not.toBe(expected);
  });

  it("answers 400 naming 'fields' for an unknown value", async () => {
    const res = await h.http.get('/api/jobs').query({ fields: 'everything' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('fields');
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await h.http.get('/api/openapi.json');
    const doc = res.body as {
      paths: Record<string, { get: { parameters: { name: string; description?: string }[] } }>;
      components: { schemas: Record<string, unknown> };
    };
    const param = doc.paths['/api/jobs']!.get.parameters.find((p) => p.name === 'fields');
    expect(JSON.stringify(param)).toMatch(/'card' answers each job/);
    expect(doc.components.schemas.CardJob).toBeDefined();
  });
});
