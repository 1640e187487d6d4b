import type { EventStore, Position } from '@jobs/contracts/eventstore';
import { emailReservationStreamId, type Role } from '@jobs/contracts/users';
import { reservedBy, runUserCommand } from './commands';

/**
 * Gives the account registered with this e-mail address a role (the CLI's `user:admin`, later the
 * admin API). Finds the user through the e-mail reservation stream, so it works without a read model.
 */
export async function changeRoleByEmail(
  store: EventStore,
  email: string,
  role: Role,
  actor: string,
): Promise<{ userId: string; changed: boolean; position: Position | null } | null> {
  const userId = await reservedBy(store, emailReservationStreamId(email.trim()));
  if (!userId) return null;
  const result = await runUserCommand(store, userId, { type: 'ChangeRole', role, by: actor }, { actor });
  return { userId, changed: result.newEvents.length > 0, position: result.position };
}
