import { describe, it } from 'vitest';
import type { UserEvent } from '@jobs/contracts/users';
import { given } from '../../commands/testing';
import { MESSAGES, UserRuleError, userDecider, type UserCommand } from './decide';

const now = new Date('2025-03-01T10:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    username: 'Ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: null,
    passwordHash: 'scrypt$hash',
    registeredAt: now.toISOString(),
  },
};
const requested = (requestId: string, expiresAt = '2025-03-01T10:15:00.000Z'): UserEvent => ({
  type: 'EmailVerificationRequested',
  data: { requestId, expiresAt },
});
const failed = (requestId: string): UserEvent => ({ type: 'EmailVerificationFailed', data: { requestId } });
const codeFor = (requestId: string) => (requestId === 'r1' ? '123456' : '654321');
const verify = (code: string, adminEmails: string[] = []): UserCommand => ({
  type: 'VerifyEmail',
  code,
  codeFor,
  adminEmails,
});
const rule = (message: string) => (e: unknown) => e instanceof UserRuleError && e.message === message;

describe('user decider', () => {
  it('registers a user with a lower-cased e-mail and requests a verification valid 15 minutes', () => {
    given(userDecider)
      .when(
        {
          type: 'RegisterUser',
          userId: 'u1',
          username: 'Ada',
          email: 'Ada@Example.com',
          firstName: 'Ada',
          lastName: null,
          passwordHash: 'scrypt$hash',
          verificationRequestId: 'r1',
        },
        { now },
      )
      .then([registered, requested('r1')]);
  });

  it('refuses to register the same user twice', () => {
    given(userDecider, [registered])
      .when({
        type: 'RegisterUser',
        userId: 'u1',
        username: 'Ada',
        email: 'ada@example.com',
        firstName: null,
        lastName: null,
        passwordHash: 'x',
        verificationRequestId: 'r2',
      })
      .thenThrows(rule(MESSAGES.alreadyRegistered));
  });

  it('verifies with the code of the pending request', () => {
    given(userDecider, [registered, requested('r1')])
      .when(verify('123456'), { now })
      .then([{ type: 'EmailVerified', data: { verifiedAt: now.toISOString() } }]);
  });

  it('makes an ADMIN_EMAILS address an admin when it verifies', () => {
    given(userDecider, [registered, requested('r1')])
      .when(verify('123456', ['ada@example.com']), { now })
      .then([
        { type: 'EmailVerified', data: { verifiedAt: now.toISOString() } },
        { type: 'UserRoleChanged', data: { role: 'admin', by: 'system:admin-emails' } },
      ]);
  });

  it('records a wrong code as a failed try', () => {
    given(userDecider, [registered, requested('r1')])
      .when(verify('000000'), { now })
      .then([failed('r1')]);
  });

  it('only accepts the newest request: a resend voids the old code', () => {
    given(userDecider, [registered, requested('r1'), requested('r2')])
      .when(verify('123456'), { now })
      .then([failed('r2')]);
  });

  it('voids the code after 5 wrong tries, even for the right code', () => {
    const fiveFailures = Array.from({ length: 5 }, () => failed('r1'));
    given(userDecider, [registered, requested('r1'), ...fiveFailures])
      .when(verify('123456'), { now })
      .thenThrows(rule(MESSAGES.tooManyAttempts));
  });

  it('a new request resets the count of tries', () => {
    const fiveFailures = Array.from({ length: 5 }, () => failed('r1'));
    given(userDecider, [registered, requested('r1'), ...fiveFailures, requested('r2')])
      .when(verify('654321'), { now })
      .then([{ type: 'EmailVerified', data: { verifiedAt: now.toISOString() } }]);
  });

  it('refuses an expired code', () => {
    given(userDecider, [registered, requested('r1', '2025-03-01T09:59:59.000Z')])
      .when(verify('123456'), { now })
      .thenThrows(rule(MESSAGES.expired));
  });

  it('refuses to verify or resend once verified', () => {
    const verified: UserEvent = { type: 'EmailVerified', data: { verifiedAt: now.toISOString() } };
    given(userDecider, [registered, requested('r1'), verified])
      .when(verify('123456'))
      .thenThrows(rule(MESSAGES.alreadyVerified));
    given(userDecider, [registered, requested('r1'), verified])
      .when({ type: 'RequestEmailVerification', requestId: 'r2' })
      .thenThrows(rule(MESSAGES.alreadyVerified));
  });

  it('requests a new code with a fresh expiry', () => {
    given(userDecider, [registered, requested('r1')])
      .when({ type: 'RequestEmailVerification', requestId: 'r2' }, { now })
      .then([requested('r2')]);
  });

  it('changes the role once; the same role again is a no-op', () => {
    given(userDecider, [registered])
      .when({ type: 'ChangeRole', role: 'admin', by: 'system:cli' })
      .then([{ type: 'UserRoleChanged', data: { role: 'admin', by: 'system:cli' } }]);
    given(userDecider, [registered, { type: 'UserRoleChanged', data: { role: 'admin', by: 'system:cli' } }])
      .when({ type: 'ChangeRole', role: 'admin', by: 'system:cli' })
      .then([]);
  });

  it('updates the profile only when it changes, and changes the password', () => {
    given(userDecider, [registered])
      .when({ type: 'UpdateProfile', firstName: 'Ada', lastName: null })
      .then([]);
    given(userDecider, [registered])
      .when({ type: 'UpdateProfile', firstName: 'Ada', lastName: 'Lovelace' })
      .then([{ type: 'ProfileUpdated', data: { firstName: 'Ada', lastName: 'Lovelace' } }]);
    given(userDecider, [registered])
      .when({ type: 'ChangePassword', passwordHash: 'scrypt$new' })
      .then([{ type: 'PasswordChanged', data: { passwordHash: 'scrypt$new' } }]);
  });

  it('refuses commands on an unknown user', () => {
    given(userDecider)
      .when({ type: 'RequestEmailVerification', requestId: 'r1' })
      .thenThrows(rule(MESSAGES.notFound));
  });
});
