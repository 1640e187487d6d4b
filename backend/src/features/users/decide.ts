import crypto from 'node:crypto';
import {
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_MAX_FAILED_TRIES,
  type Role,
  type UserEvent,
} from '@jobs/contracts/users';
import type { Decider } from '../../commands/handle';
import { evolveUser, initialUserState, type UserState } from './user';

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      username: string;
      email: string;
      firstName: string | null;
      lastName: string | null;
      passwordHash: string;
      /** The id of the first verification request (the code is derived from it). */
      verificationRequestId: string;
    }
  | { type: 'RequestEmailVerification'; requestId: string }
  | {
      type: 'VerifyEmail';
      code: string;
      /** The code of a request: an HMAC with a server key (pure, so decide stays pure). */
      codeFor: (requestId: string) => string;
      /** Addresses that become admins when they verify (ADMIN_EMAILS). */
      adminEmails: readonly string[];
    }
  | { type: 'ChangeRole'; role: Role; by: string }
  | { type: 'ChangePassword'; passwordHash: string }
  | { type: 'UpdateProfile'; firstName: string | null; lastName: string | null };

/** A broken business rule; routes answer it with its code and message. */
export class UserRuleError extends Error {
  constructor(
    readonly code: 'VALIDATION' | 'NOT_FOUND' | 'CONFLICT',
    message: string,
    /** The request field a VALIDATION refusal is about (the API's error details name it). */
    readonly field = 'user',
  ) {
    super(message);
    this.name = 'UserRuleError';
  }
}

export const MESSAGES = {
  notFound: 'User not found',
  alreadyRegistered: 'User already registered',
  alreadyVerified: 'Email is already verified',
  noPendingCode: 'No verification code pending: request a new code',
  tooManyAttempts: 'Too many attempts: request a new code',
  expired: 'Verification code expired: request a new code',
  invalidCode: 'Invalid verification code',
} as const;

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function verificationRequested(requestId: string, now: Date): UserEvent {
  return {
    type: 'EmailVerificationRequested',
    data: { requestId, expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS).toISOString() },
  };
}

/**
 * A wrong code is recorded (EmailVerificationFailed) rather than thrown, so the count of tries
 * survives; the route answers 400 when the result is that event.
 */
export function decideUser(command: UserCommand, state: UserState, { now }: { now: Date }): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'none') throw new UserRuleError('CONFLICT', MESSAGES.alreadyRegistered);
    return [
      {
        type: 'UserRegistered',
        data: {
          userId: command.userId,
          username: command.username,
          email: command.email.toLowerCase(),
          firstName: command.firstName,
          lastName: command.lastName,
          passwordHash: command.passwordHash,
          registeredAt: now.toISOString(),
        },
      },
      verificationRequested(command.verificationRequestId, now),
    ];
  }
  if (state.status !== 'registered') throw new UserRuleError('NOT_FOUND', MESSAGES.notFound);

  switch (command.type) {
    case 'RequestEmailVerification':
      if (state.verifiedAt) throw new UserRuleError('VALIDATION', MESSAGES.alreadyVerified);
      return [verificationRequested(command.requestId, now)];

    case 'VerifyEmail': {
      if (state.verifiedAt) throw new UserRuleError('VALIDATION', MESSAGES.alreadyVerified, 'code');
      const pending = state.verification;
      if (!pending) throw new UserRuleError('VALIDATION', MESSAGES.noPendingCode, 'code');
      if (pending.failedTries >= VERIFICATION_MAX_FAILED_TRIES)
        throw new UserRuleError('VALIDATION', MESSAGES.tooManyAttempts, 'code');
      if (Date.parse(pending.expiresAt) <= now.getTime())
        throw new UserRuleError('VALIDATION', MESSAGES.expired, 'code');
      if (!sameCode(command.code, command.codeFor(pending.requestId))) {
        return [{ type: 'EmailVerificationFailed', data: { requestId: pending.requestId } }];
      }
      const events: UserEvent[] = [{ type: 'EmailVerified', data: { verifiedAt: now.toISOString() } }];
      if (state.role !== 'admin' && command.adminEmails.includes(state.email)) {
        events.push({ type: 'UserRoleChanged', data: { role: 'admin', by: 'system:admin-emails' } });
      }
      return events;
    }

    case 'ChangeRole':
      return state.role === command.role
        ? []
        : [{ type: 'UserRoleChanged', data: { role: command.role, by: command.by } }];

    case 'ChangePassword':
      return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash } }];

    case 'UpdateProfile':
      return state.firstName === command.firstName && state.lastName === command.lastName
        ? []
        : [{ type: 'ProfileUpdated', data: { firstName: command.firstName, lastName: command.lastName } }];

    default: {
      const unexpected: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unexpected)}`);
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
