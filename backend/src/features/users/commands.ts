import crypto from 'node:crypto';
import { StreamNotFoundError, WrongExpectedVersionError, type EventStore } from '@jobs/contracts/eventstore';
import { userStreamId, type UserEvent } from '@jobs/contracts/users';
import { handleCommand, type CommandMetadata, type HandleResult } from '../../commands/handle';
import { HttpError } from '../../http/errors';
import { UserRuleError, userDecider, type UserCommand } from './decide';
import type { UserState } from './user';

/** Runs a user command; a broken rule becomes the HTTP error of the same code. */
/** A user rule's refusal as HTTP; a VALIDATION one names its field in details. */
export function userRuleHttpError(err: UserRuleError): HttpError {
  return new HttpError(err.code, err.message, {
    details: err.code === 'VALIDATION' ? [{ path: err.field, message: err.message }] : undefined,
  });
}

export async function runUserCommand(
  store: EventStore,
  userId: string,
  command: UserCommand,
  metadata: CommandMetadata,
  now?: Date,
): Promise<HandleResult<UserEvent, UserState>> {
  try {
    return await handleCommand(store, userStreamId(userId), userDecider, command, { metadata, now });
  } catch (err) {
    if (err instanceof UserRuleError) throw userRuleHttpError(err);
    throw err;
  }
}

/**
 * Claims a unique value (a lower-cased username or e-mail) with a reservation stream created with
 * 'no_stream'; a released reservation is claimed at its revision. False when someone holds it.
 */
export async function reserve(
  store: EventStore,
  streamId: string,
  userId: string,
  value: string,
  metadata: CommandMetadata,
): Promise<boolean> {
  const history = await store.readStream(streamId).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });
  const last = history.at(-1);
  if (last && last.type !== 'NameReservationReleased') return false;
  try {
    await store.append(
      streamId,
      [
        {
          id: crypto.randomUUID(),
          type: 'NameReserved',
          data: { userId, value },
          metadata: { ...metadata, at: new Date().toISOString() },
        },
      ],
      { expectedRevision: last ? last.revision : 'no_stream' },
    );
    return true;
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) return false;
    throw err;
  }
}

/** Frees a reservation this user holds (its registration did not complete). */
export async function release(
  store: EventStore,
  streamId: string,
  userId: string,
  metadata: CommandMetadata,
): Promise<void> {
  const history = await store.readStream(streamId);
  const last = history.at(-1);
  if (!last || last.type !== 'NameReserved' || (last.data as { userId?: string }).userId !== userId) return;
  await store.append(
    streamId,
    [
      {
        id: crypto.randomUUID(),
        type: 'NameReservationReleased',
        data: { userId },
        metadata: { ...metadata, at: new Date().toISOString() },
      },
    ],
    { expectedRevision: last.revision },
  );
}

/** The user id holding a reservation, or null. */
export async function reservedBy(store: EventStore, streamId: string): Promise<string | null> {
  const history = await store.readStream(streamId).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });
  const last = history.at(-1);
  return last?.type === 'NameReserved' ? ((last.data as { userId: string }).userId ?? null) : null;
}
