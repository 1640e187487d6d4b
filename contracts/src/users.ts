/**
 * Users: the user stream's events, the reservation streams that keep usernames and e-mail
 * addresses unique, and the account API's request and answer shapes (product spec sections 3, 7).
 *
 * Secrets never go into events: a verification request carries only its id and expiry; the
 * 6-digit code is an HMAC of the request id with a server key, computed by the mail sender and by
 * the verifier. A password hash (scrypt, salted) is not a secret code and is kept in the event.
 */
import { z } from 'zod';

export const ROLES = ['user', 'admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** How long a verification code is valid, and how many wrong tries void it. */
export const VERIFICATION_CODE_TTL_MS = 15 * 60 * 1000;
export const VERIFICATION_MAX_FAILED_TRIES = 5;

export const userStreamId = (userId: string) => `user-${userId}`;
export const usernameReservationStreamId = (username: string) => `username-${username.toLowerCase()}`;
export const emailReservationStreamId = (email: string) => `email-${email.toLowerCase()}`;

// ---------------------------------------------------------------------------------------------
// User events (stream `user-{userId}`)
// ---------------------------------------------------------------------------------------------

export const UserRegistered = z.object({
  userId: z.string(),
  username: z.string(),
  /** Lower-cased. */
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** `scrypt$N$r$p$salt$hash` (base64url parts). */
  passwordHash: z.string(),
  /** ISO 8601. */
  registeredAt: z.string(),
});
export type UserRegistered = z.infer<typeof UserRegistered>;

export const EmailVerificationRequested = z.object({
  requestId: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type EmailVerificationRequested = z.infer<typeof EmailVerificationRequested>;

export const EmailVerificationFailed = z.object({ requestId: z.string() });
export type EmailVerificationFailed = z.infer<typeof EmailVerificationFailed>;

export const EmailVerified = z.object({ verifiedAt: z.string() });
export type EmailVerified = z.infer<typeof EmailVerified>;

export const UserRoleChanged = z.object({
  role: Role,
  /** Who changed it: `admin:{id}`, `system:cli`, `system:admin-emails`. */
  by: z.string(),
});
export type UserRoleChanged = z.infer<typeof UserRoleChanged>;

export const PasswordChanged = z.object({ passwordHash: z.string() });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

export const ProfileUpdated = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type ProfileUpdated = z.infer<typeof ProfileUpdated>;

export const USER_EVENT_TYPES = [
  'UserRegistered',
  'EmailVerificationRequested',
  'EmailVerificationFailed',
  'EmailVerified',
  'UserRoleChanged',
  'PasswordChanged',
  'ProfileUpdated',
] as const;
export type UserEventType = (typeof USER_EVENT_TYPES)[number];

export type UserEvent =
  | { type: 'UserRegistered'; data: UserRegistered }
  | { type: 'EmailVerificationRequested'; data: EmailVerificationRequested }
  | { type: 'EmailVerificationFailed'; data: EmailVerificationFailed }
  | { type: 'EmailVerified'; data: EmailVerified }
  | { type: 'UserRoleChanged'; data: UserRoleChanged }
  | { type: 'PasswordChanged'; data: PasswordChanged }
  | { type: 'ProfileUpdated'; data: ProfileUpdated };

export const UserEventSchemas = {
  UserRegistered,
  EmailVerificationRequested,
  EmailVerificationFailed,
  EmailVerified,
  UserRoleChanged,
  PasswordChanged,
  ProfileUpdated,
} as const satisfies Record<UserEventType, z.ZodType>;

// ---------------------------------------------------------------------------------------------
// Reservation events (streams `username-{lower}` and `email-{lower}`, created with 'no_stream')
// ---------------------------------------------------------------------------------------------

export const NameReserved = z.object({ userId: z.string(), value: z.string() });
export type NameReserved = z.infer<typeof NameReserved>;

/** Frees a reservation whose registration did not complete (the other reservation was taken). */
export const NameReservationReleased = z.object({ userId: z.string() });
export type NameReservationReleased = z.infer<typeof NameReservationReleased>;

export const RESERVATION_EVENT_TYPES = ['NameReserved', 'NameReservationReleased'] as const;

// ---------------------------------------------------------------------------------------------
// API (spec section 7)
// ---------------------------------------------------------------------------------------------

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

const optionalName = z
  .string()
  .trim()
  .max(100, 'String must contain at most 100 character(s)')
  .nullish()
  .transform((v) => (v ? v : null));

export const Username = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, 'Username must be 3-30 characters: letters, digits, _ or -');

export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('Invalid email'))
  .transform((v) => v.toLowerCase());

export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const RegisterRequest = z.object({
  username: Username,
  email: Email,
  password: Password,
  firstName: optionalName,
  lastName: optionalName,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  /** A username or an e-mail address. */
  username: z.string().trim().min(1, 'Required').max(254),
  password: z.string().min(1, 'Required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const VerifyEmailRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

export const UpdateProfileRequest = z.object({ firstName: optionalName, lastName: optionalName });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Required').max(PASSWORD_MAX_LENGTH),
  newPassword: Password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The user as the API answers it (spec section 3): never a hash or a code. */
export const PublicUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: Role,
  isVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUser>;
