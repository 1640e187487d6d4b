/**
 * Issue 24 (13): a salary stated in a currency other than dollars is shown in that currency wherever the API
 * gives it, and lands in the USD salary filter by its value in dollars (a Kenyan salary of 4,400,000 shillings
 * is about $34,000 a year, not '$4,400,000+ / year' in the 150k+ bucket).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createIngestionSource } from '../sources/service';

let h: TestHarness;
let token: string;

const item = (externalId: string, extra: Record<string, unknown>) => ({
  action: 'posted',
  externalId,
  title: `Shilling Engineer ${externalId}`,
  company: 'Savanna Ledger',
  location: 'Nairobi, Kenya',
  workplace: 'hybrid',
  descriptionHtml: '<p>Build payment systems for East Africa with a small team in Nairobi.</p>',
  applicationUrl: `https://savanna.example/apply/${externalId}`,
  ...extra,
});

beforeAll(async () => {
  h = await createTestHarness();
  const created = await createIngestionSource(h.services.store, { name: 'Currency test' });
  await h.services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  token = created.token;
  const res = await h.http
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${token}`)
    .send({
      items: [
        item('kes-from', { salaryMin: 4_400_000, salaryCurrency: 'KES', salaryPeriod: 'YEAR' }),
        item('kes-range', { salaryMin: 3_000_000, salaryMax: 3_600_000, salaryCurrency: 'kes' }),
        item('ngn-month', { salaryMin: 900_000, salaryCurrency: 'NGN', salaryPeriod: 'MONTH' }),
        item('kes-lead', { salaryMin: 8_000_000, salaryMax: 9_500_000, salaryCurrency: 'KES' }),
      ],
    });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function salaryOf(title: string): Promise<string | null> {
  const res = await h.http.get('/api/jobs').query({ title });
  expect(res.status).toBe(200);
  return (res.body.data as { salary: string | null }[])[0]?.salary ?? null;
}

describe('salaries in other currencies', () => {
  it('are shown in their own currency, never with a dollar sign', async () => {
    expect(await salaryOf('Shilling Engineer kes-from')).toBe('KES 4,400,000+ / year');
    expect(await salaryOf('Shilling Engineer kes-range')).toBe('KES 3,000,000 - 3,600,000 / year');
    expect(await salaryOf('Shilling Engineer ngn-month')).toBe('NGN 900,000+ / month');
  });

  it('fall in the salary filter by their value in dollars', async () => {
    const top = await h.http.get('/api/jobs').query({ title: 'Shilling Engineer', salary: '150k+' });
    expect(top.body.totalJobs).toBe(0);
    // 8,000,000 to 9,500,000 shillings are about $62,000 to $73,000 a year.
    const middle = await h.http.get('/api/jobs').query({ title: 'Shilling Engineer', salary: '50k-80k' });
    expect(middle.body.data.map((j: { title: string }) => j.title)).toEqual(['Shilling Engineer kes-lead']);
  });
});
