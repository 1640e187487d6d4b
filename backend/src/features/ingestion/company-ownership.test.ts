import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { signUp, type Agent } from '../admin/testing';
import { addAtsSource } from '../ats/service';
import { atsIngestionToken } from '../ats/token';
import { createIngestionSource } from '../sources/service';
import { generateJob } from '../seed/generate';

/**
 * Issue 24 §2 over HTTP: the company's own profile (set by an admin, or by the ATS board configured for the
 * company) wins; other sources fill empty fields only; every change is an event with its source; the admin
 * sees the changes and can undo one.
 */
let h: TestHarness;
let admin: Agent;
const tokens: Record<string, string> = {};

const settle = () => h.settle(2);

async function post(token: string, items: unknown[]) {
  const res = await h.http.post('/api/ingest/jobs').set('Authorization', `Bearer ${token}`).send({ items });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settle();
}

function posting(index: number, company: string, overrides: Record<string, unknown> = {}) {
  return { ...generateJob(index, 99, new Date()), company, externalId: `x-${index}`, ...overrides };
}

const profile = async (slug: string) => {
  const res = await h.http.get(`/api/companies/${slug}`);
  expect(res.status).toBe(200);
  return res.body as { website: string | null; logo: string | null; description: string | null };
};

beforeAll(async () => {
  h = await createTestHarness();
  for (const name of ['Bot One', 'Bot Two']) {
    const created = await createIngestionSource(h.services.store, { name, kind: 'api' });
    await h.services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
    tokens[name] = created.token;
  }
  ({ agent: admin } = await signUp(h, 'admin'));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('company profiles (issue 24 §2)', () => {
  it("the admin's profile wins; another source's item cannot point the company elsewhere", async () => {
    await post(tokens['Bot One']!, [
      posting(1, 'Profile Owner Co', { companyWebsite: null, companyLogo: null }),
    ]);
    const set = await admin
      .put('/api/admin/companies/profile-owner-co')
      .send({ website: 'https://profile-owner.example/', logo: 'https://profile-owner.example/logo.png' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await settle();

    await post(tokens['Bot Two']!, [
      posting(2, 'Profile Owner Co', {
        companyWebsite: 'https://evil.example/',
        companyLogo: 'https://evil.example/logo.png',
        companySize: '51-200',
      }),
    ]);
    const shown = await profile('profile-owner-co');
    expect(shown.website).toBe('https://profile-owner.example/');
    expect(shown.logo).toBe('https://profile-owner.example/logo.png');
  }, 60_000);

  it('other sources fill empty fields only; the first filler is not overwritten by another bot', async () => {
    await post(tokens['Bot One']!, [
      posting(3, 'Fill Only Ltd', { companyWebsite: 'https://fill-only.example/', companyLogo: null }),
    ]);
    await post(tokens['Bot Two']!, [
      posting(4, 'Fill Only Ltd', {
        companyWebsite: 'https://evil.example/',
        companyLogo: 'https://fill-only.example/logo.png',
      }),
    ]);
    const shown = await profile('fill-only-ltd');
    expect(shown.website).toBe('https://fill-only.example/');
    expect(shown.logo).toBe('https://fill-only.example/logo.png');
  }, 60_000);

  it("the company's configured ATS board wins; every change is in the admin's history with its source, and undoable", async () => {
    await post(tokens['Bot One']!, [
      posting(5, 'Board Profile Inc', { companyWebsite: 'https://bot.example/' }),
    ]);
    const secret = h.services.config.sessionSecret!;
    const added = await addAtsSource(
      { store: h.services.store, serverSecret: secret, pool: h.services.db.pool },
      {
        kind: 'lever',
        board: 'boardprofile',
        company: 'Board Profile Inc',
        intervalMinutes: 60,
        baseUrl: null,
      },
      { actor: 'test' },
    );
    await settle();
    await post(atsIngestionToken(secret, added.atsSourceId), [
      posting(6, 'Board Profile Inc', { companyWebsite: 'https://board-profile.example/' }),
    ]);
    expect((await profile('board-profile-inc')).website).toBe('https://board-profile.example/');

    const history = await admin.get('/api/admin/companies/board-profile-inc/history');
    expect(history.status).toBe(200);
    const changes = history.body as {
      eventId: string;
      changedBy: string;
      changed: string[];
      website: string | null;
    }[];
    expect(changes.map((c) => c.changedBy)).toEqual(['Lever: Board Profile Inc', 'Bot One']);
    expect(changes[0]!.changed).toContain('website');

    const undo = await admin
      .post('/api/admin/companies/board-profile-inc/undo')
      .send({ eventId: changes[0]!.eventId });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    await settle();
    expect((await profile('board-profile-inc')).website).toBe('https://bot.example/');
    const after = await admin.get('/api/admin/companies/board-profile-inc/history');
    expect((after.body as { changedBy: string }[])[0]!.changedBy).toBe('admin');
  }, 60_000);

  it('a listed company nobody has set a profile for has no changes yet (200, []); an unknown one is 404', async () => {
    // The admin's job page asks for every job's company: one without a profile must not be a 404.
    const rows = { slug: 'no-profile-yet-co', name: 'No Profile Yet Co' };
    await h.services.db.pool.query(
      'insert into companies (slug, name, updated_at) values ($1, $2, now()) on conflict do nothing',
      [rows.slug, rows.name],
    );
    const listed = await admin.get(`/api/admin/companies/${rows.slug}/history`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toEqual([]);
    expect((await admin.get('/api/admin/companies/nobody-knows-this-co/history')).status).toBe(404);
  });

  it('refuses a bad profile with a 400 naming the field, and users with 403', async () => {
    const bad = await admin
      .put('/api/admin/companies/profile-owner-co')
      .send({ website: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('website');
    const { agent: user } = await signUp(h, 'user');
    expect((await user.put('/api/admin/companies/profile-owner-co').send({})).status).toBe(403);
  }, 60_000);
});
