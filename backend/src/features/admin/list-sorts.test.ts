import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { postJob } from '../jobs/test-events';
import { signUp, type Agent } from './testing';

/** react-admin's list conventions: its default sort is ["id","ASC"], and every column it shows is sortable. */
let h: TestHarness;
let admin: { agent: Agent };

beforeAll(async () => {
  h = await createTestHarness();
  admin = await signUp(h, 'admin');
  const s = h.services.store;
  for (const [title, company] of [
    ['iOS Engineer', 'appleseed'],
    ['Android Engineer', 'Bugdroid'],
    ['backend Developer', 'Zeta'],
    ['Zookeeper Admin', 'cattle Co'],
  ])
    await postJob(s, { title, company });
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const LIST_COLUMNS: Record<string, string[]> = {
  '/api/admin/jobs': [
    'id',
    'publicId',
    'title',
    'company',
    'source',
    'experienceLevel',
    'status',
    'datePosted',
    'removalReason',
  ],
  '/api/admin/users': ['id', 'username', 'email', 'role', 'isVerified', 'registeredAt'],
  '/api/admin/ats-sources': [
    'id',
    'company',
    'kind',
    'board',
    'status',
    'intervalMinutes',
    'lastSuccessAt',
    'liveJobs',
  ],
  '/api/admin/discovered-companies': [
    'id',
    'company',
    'kind',
    'board',
    'jobCount',
    'candidate',
    'status',
    'foundAt',
    'atsSourceId',
  ],
};

describe('admin lists', () => {
  it.each(Object.entries(LIST_COLUMNS))(
    '%s sorts by id and by every column it shows',
    async (path, fields) => {
      for (const field of fields)
        for (const order of ['ASC', 'DESC']) {
          const res = await admin.agent
            .get(path)
            .query({ sort: JSON.stringify([field, order]), range: '[0,9]' });
          expect(res.status, `${path} ${field} ${order}: ${JSON.stringify(res.body)}`).toBe(200);
        }
    },
  );

  it('sorts titles and companies as people read them, whatever the case', async () => {
    const titles = async (sort: string) =>
      (await admin.agent.get('/api/admin/jobs').query({ sort })).body.map((j: { title: string }) => j.title);
    expect(await titles('["title","DESC"]')).toEqual([
      'Zookeeper Admin',
      'iOS Engineer',
      'backend Developer',
      'Android Engineer',
    ]);
    expect(await titles('["company","ASC"]')).toEqual([
      'iOS Engineer',
      'Android Engineer',
      'Zookeeper Admin',
      'backend Developer',
    ]);
  });
});
