/** Test helpers: signed-in agents (anonymous, user, admin) against the real app. */
import crypto from 'node:crypto';
import supertest from 'supertest';
import { USERS_PROJECTION } from '@jobs/projections/users/users';
import type { TestHarness } from '../../testing/harness';
import { changeRoleByEmail } from '../users/roles';

export const PASSWORD = 'correct horse battery';
let n = 0;

export type Agent = ReturnType<typeof supertest.agent>;

/** A fresh agent from its own address, so per-IP limits do not spill between tests. */
export function agentOf(h: TestHarness): Agent {
  n += 1;
  return supertest.agent(h.app.callback()).set('X-Forwarded-For', `10.9.${Math.floor(n / 250)}.${n % 250}`);
}

export async function signUp(
  h: TestHarness,
  role: 'user' | 'admin' = 'user',
): Promise<{ agent: Agent; id: string; username: string; email: string }> {
  const agent = agentOf(h);
  const username = `u_${crypto.randomBytes(4).toString('hex')}`;
  const email = `${username}@example.com`;
  const res = await agent.post('/api/register').send({ username, email, password: PASSWORD });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (role === 'admin') {
    const result = await changeRoleByEmail(h.services.store, email, 'admin', 'system:test');
    await h.services.runner.waitForPosition(result!.position, 5000, [USERS_PROJECTION]);
  }
  return { agent, id: res.body.id as string, username, email };
}
