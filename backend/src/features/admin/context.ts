import type Koa from 'koa';
import type { Position } from '@jobs/contracts';
import type { CommandMetadata } from '../../commands/handle';
import type { AppDeps } from '../../http/app';
import { userOf } from '../auth/guards';

/** How long a command's answer waits for its read model, so the UI shows the new state at once. */
const READ_YOUR_WRITES_MS = 5000;

/** Metadata of a command an admin issued: the actor is `admin:{userId}`, the request links cause and effect. */
export function adminMetadata(ctx: Koa.Context): CommandMetadata {
  const requestId = ctx.state.requestId as string | undefined;
  return { actor: `admin:${userOf(ctx).id}`, causationId: requestId, correlationId: requestId };
}

export async function caughtUp(
  deps: AppDeps,
  position: Position | null,
  projections: readonly string[],
): Promise<void> {
  if (position && deps.projections)
    await deps.projections.waitForPosition(position, READ_YOUR_WRITES_MS, projections);
}
