import crypto from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';

let h: TestHarness;
let n = 0;

async function signedIn() {
  const agent = supertest.agent(h.app.callback()).set('X-Forwarded-For', `10.8.0.${++n}`);
  const username = `saver_${crypto.randomBytes(4).toString('hex')}`;
  const res = await agent
    .post('/api/register')
    .send({ username, email: `${username}@example.com`, password: 'correct horse battery 9' });
  expect(res.status).toBe(201);
  return agent;
}

beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('saved searches', () => {
  it('answer 401 when signed out (the client reads it as none)', async () => {
    expect((await h.http.get('/api/saved-searches')).status).toBe(401);
    expect((await h.http.post('/api/saved-searches').send({ name: 'x' })).status).toBe(401);
  });

  it('save, list newest first, record use, and delete', async () => {
    const agent = await signedIn();
    const saved = await agent.post('/api/saved-searches').send({
      name: 'Remote Rust',
      filters: {
        title: 'rust',
        isRemote: 'true',
        location: '',
        sortBy: 'datePosted',
        sortOrder: 'desc',
        page: 3,
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      name: 'Remote Rust',
      filters: { title: 'rust', isRemote: 'true', sortBy: 'datePosted', sortOrder: 'desc' },
      useCount: 0,
      lastUsedAt: null,
    });
    expect(saved.body.filters).not.toHaveProperty('location');
    expect(saved.body.filters).not.toHaveProperty('page');
    await agent.post('/api/saved-searches').send({ name: 'Designers', filters: { title: 'designer' } });

    const list = await agent.get('/api/saved-searches');
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['Designers', 'Remote Rust']);

    const used = await agent.post(`/api/saved-searches/${saved.body.id}/use`);
    expect(used.status).toBe(200);
    expect(used.body.useCount).toBe(1);
    expect(used.body.lastUsedAt).toEqual(expect.any(String));

    expect((await agent.delete(`/api/saved-searches/${saved.body.id}`)).status).toBe(200);
    expect((await agent.get('/api/saved-searches')).body.map((s: { name: string }) => s.name)).toEqual([
      'Designers',
    ]);
    expect((await agent.delete(`/api/saved-searches/${saved.body.id}`)).status).toBe(404);
  });

  it("validates the name, and keeps other users' searches out of reach (404)", async () => {
    const owner = await signedIn();
    expect((await owner.post('/api/saved-searches').send({ name: '  ' })).status).toBe(400);
    const mine = await owner.post('/api/saved-searches').send({ name: 'Mine' });
    const other = await signedIn();
    expect((await other.get('/api/saved-searches')).body).toEqual([]);
    expect((await other.delete(`/api/saved-searches/${mine.body.id}`)).status).toBe(404);
    expect((await other.post(`/api/saved-searches/${mine.body.id}/use`)).status).toBe(404);
    expect((await other.delete('/api/saved-searches/not-a-uuid')).status).toBe(400);
  });
});
