import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@jobs/contracts/eventstore';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db';
import { usersProjection, type UserRow } from './users';

let db: TestDatabase;
const projection = usersProjection();

beforeAll(async () => {
  db = await createTestDatabase('users');
  for (const sql of projection.migrations ?? []) await db.pool.query(sql);
});
afterAll(async () => {
  await db?.drop();
});

let seq = 0;
function recorded(revision: number, type: string, data: unknown): RecordedEvent {
  seq += 1;
  return {
    id: `e${seq}`,
    streamId: 'user-u1',
    revision,
    type,
    data,
    metadata: { actor: 'test', at: '2025-01-01T00:00:00.000Z' },
    position: { commit: seq, prepare: seq },
    recordedAt: '2025-01-01T00:00:00.000Z',
  };
}

async function apply(event: RecordedEvent): Promise<void> {
  const client = await db.pool.connect();
  try {
    await projection.handle(event, client);
  } finally {
    client.release();
  }
}

describe('users read model', () => {
  it('applies the user stream and skips an event it has already applied', async () => {
    const events = [
      recorded(0, 'UserRegistered', {
        userId: 'u1',
        username: 'Ada',
        email: 'ada@example.com',
        firstName: null,
        lastName: null,
        passwordHash: 'scrypt$1',
        registeredAt: '2025-01-01T00:00:00.000Z',
      }),
      recorded(1, 'EmailVerificationRequested', { requestId: 'r1', expiresAt: '2025-01-01T00:15:00.000Z' }),
      recorded(2, 'EmailVerificationFailed', { requestId: 'r1' }),
    ];
    for (const e of events) await apply(e);
    await apply(events[2]!); // a replay
    let row = (await db.pool.query<UserRow>('select * from users where id = $1', ['u1'])).rows[0]!;
    expect(row).toMatchObject({
      username: 'Ada',
      role: 'user',
      is_verified: false,
      verification_request_id: 'r1',
      verification_failed_tries: 1,
      revision: 2,
    });

    await apply(recorded(3, 'EmailVerified', { verifiedAt: '2025-01-01T00:05:00.000Z' }));
    await apply(recorded(4, 'UserRoleChanged', { role: 'admin', by: 'system:cli' }));
    await apply(recorded(5, 'ProfileUpdated', { firstName: 'Ada', lastName: 'Lovelace' }));
    await apply(recorded(6, 'PasswordChanged', { passwordHash: 'scrypt$2' }));
    row = (await db.pool.query<UserRow>('select * from users where id = $1', ['u1'])).rows[0]!;
    expect(row).toMatchObject({
      is_verified: true,
      verification_request_id: null,
      role: 'admin',
      first_name: 'Ada',
      last_name: 'Lovelace',
      password_hash: 'scrypt$2',
      revision: 6,
    });
  });
});
