/**
 * Client-side checks that mirror the server's rules (contracts/src/users.ts), so most mistakes are
 * caught before a round trip. The server stays the authority: its field errors (error.details) are
 * shown the same way, and rules only it knows (common passwords, taken names) come from there.
 */
import type { LoginRequest, RegisterRequest } from '@jobs/contracts/users';
import { ApiError } from './api-client';

// Mirrors of USERNAME_PATTERN and PASSWORD_MIN_LENGTH in contracts/src/users.ts (a test checks they agree):
// importing the values would pull zod into the page's bundle.
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  required: 'Required',
  username: 'Username must be 3-30 characters: letters, digits, _ or -',
  email: 'Invalid email',
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDiffer: 'Passwords do not match',
  code: 'The code has 6 digits',
} as const;

/** Field name → message; a field without an entry is valid. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function checkPassword(password: string): string | undefined {
  if (!password) return MESSAGES.required;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordShort;
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordLong;
  return undefined;
}

export function validateLogin(values: LoginRequest): FieldErrors<keyof LoginRequest> {
  return {
    username: values.username.trim() ? undefined : MESSAGES.required,
    password: values.password ? undefined : MESSAGES.required,
  };
}

export type RegisterValues = Required<Pick<RegisterRequest, 'username' | 'email' | 'password'>> & {
  firstName: string;
  lastName: string;
};

export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  const username = values.username.trim();
  const email = values.email.trim();
  return {
    username: !username ? MESSAGES.required : USERNAME_PATTERN.test(username) ? undefined : MESSAGES.username,
    email: !email ? MESSAGES.required : EMAIL_PATTERN.test(email) ? undefined : MESSAGES.email,
    password: checkPassword(values.password),
  };
}

export function validateCode(code: string): string | undefined {
  const trimmed = code.trim();
  if (!trimmed) return MESSAGES.required;
  return /^\d{6}$/.test(trimmed) ? undefined : MESSAGES.code;
}

/**
 * The server's per-field messages from a 400 answer (`error.details: [{path, message}]`), keeping
 * only the fields this form has. The first message per field wins.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  if (!(error instanceof ApiError)) return {};
  let details: unknown;
  try {
    details = (JSON.parse(error.body) as { error?: { details?: unknown } }).error?.details;
  } catch {
    return {};
  }
  const out: FieldErrors<F> = {};
  if (!Array.isArray(details)) return out;
  for (const issue of details as { path?: unknown; message?: unknown }[]) {
    const field = fields.find((f) => f === issue.path);
    if (field && typeof issue.message === 'string' && !out[field]) out[field] = issue.message;
  }
  return out;
}
