import type pg from 'pg';
import type { RecordedEvent } from '@jobs/contracts/eventstore';
import { USER_EVENT_TYPES, type UserEvent } from '@jobs/contracts/users';
import type { SqlProjection } from '../projection';

/**
 * The `users` read model: one row per user stream, for sign-in look-ups, the session's user and the
 * admin list. Each row keeps the stream revision it has applied, so a replayed event is skipped.
 */
export const USERS_PROJECTION = 'users';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: 'user' | 'admin';
  is_verified: boolean;
  password_hash: string;
  registered_at: Date;
  verified_at: Date | null;
  verification_request_id: string | null;
  verification_expires_at: Date | null;
  verification_failed_tries: number;
  revision: number;
}

const migrations = [
  `create table if not exists users (
     id text primary key,
     username text not null,
     email text not null,
     first_name text,
     last_name text,
     role text not null default 'user',
     is_verified boolean not null default false,
     password_hash text not null,
     registered_at timestamptz not null,
     verified_at timestamptz,
     verification_request_id text,
     verification_expires_at timestamptz,
     verification_failed_tries int not null default 0,
     revision int not null
   )`,
  'create index if not exists users_username_lower_idx on users (lower(username))',
  'create index if not exists users_email_idx on users (email)',
  'create index if not exists users_registered_at_idx on users (registered_at desc)',
];

async function update(
  tx: pg.PoolClient,
  event: RecordedEvent,
  set: string,
  values: unknown[],
): Promise<void> {
  const n = values.length;
  await tx.query(
    `update users set ${set}, revision = $${n + 1} where id = $${n + 2} and revision < $${n + 1}`,
    [...values, event.revision, event.streamId.slice('user-'.length)],
  );
}

export function usersProjection(): SqlProjection {
  return {
    name: USERS_PROJECTION,
    eventTypes: USER_EVENT_TYPES,
    tables: ['users'],
    migrations,
    async handle(recorded, tx) {
      // The filter on eventTypes guarantees the user stream's union.
      const event = { type: recorded.type, data: recorded.data } as UserEvent;
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          await tx.query(
            `insert into users (id, username, email, first_name, last_name, password_hash, registered_at, revision)
             values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
            [
              d.userId,
              d.username,
              d.email,
              d.firstName,
              d.lastName,
              d.passwordHash,
              d.registeredAt,
              recorded.revision,
            ],
          );
          return;
        }
        case 'EmailVerificationRequested':
          return update(
            tx,
            recorded,
            'verification_request_id = $1, verification_expires_at = $2, verification_failed_tries = 0',
            [event.data.requestId, event.data.expiresAt],
          );
        case 'EmailVerificationFailed':
          return update(tx, recorded, 'verification_failed_tries = verification_failed_tries + 1', []);
        case 'EmailVerified':
          return update(
            tx,
            recorded,
            `is_verified = true, verified_at = $1, verification_request_id = null,
             verification_expires_at = null, verification_failed_tries = 0`,
            [event.data.verifiedAt],
          );
        case 'UserRoleChanged':
          return update(tx, recorded, 'role = $1', [event.data.role]);
        case 'PasswordChanged':
          return update(tx, recorded, 'password_hash = $1', [event.data.passwordHash]);
        case 'ProfileUpdated':
          return update(tx, recorded, 'first_name = $1, last_name = $2', [
            event.data.firstName,
            event.data.lastName,
          ]);
        default: {
          const unexpected: never = event;
          throw new Error(`users projection: unexpected event ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}
