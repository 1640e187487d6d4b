import type { Role, UserEvent } from '@jobs/contracts/users';

export interface PendingVerification {
  requestId: string;
  expiresAt: string;
  failedTries: number;
}

/** The user stream folded: what the commands need to decide. */
export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      username: string;
      email: string;
      firstName: string | null;
      lastName: string | null;
      passwordHash: string;
      role: Role;
      verifiedAt: string | null;
      /** The newest verification request, or null once verified. */
      verification: PendingVerification | null;
    };

export const initialUserState = (): UserState => ({ status: 'none' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'registered',
      userId: d.userId,
      username: d.username,
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      passwordHash: d.passwordHash,
      role: 'user',
      verifiedAt: null,
      verification: null,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'EmailVerificationRequested':
      return {
        ...state,
        verification: { requestId: event.data.requestId, expiresAt: event.data.expiresAt, failedTries: 0 },
      };
    case 'EmailVerificationFailed':
      return state.verification?.requestId === event.data.requestId
        ? {
            ...state,
            verification: { ...state.verification, failedTries: state.verification.failedTries + 1 },
          }
        : state;
    case 'EmailVerified':
      return { ...state, verifiedAt: event.data.verifiedAt, verification: null };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'ProfileUpdated':
      return { ...state, firstName: event.data.firstName, lastName: event.data.lastName };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
