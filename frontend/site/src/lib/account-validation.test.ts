import * as contracts from '@jobs/contracts/users';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  serverFieldErrors,
  validateCode,
  validateRegister,
} from './account-validation';

const valid = {
  username: 'jane_doe-1',
  email: 'jane@example.com',
  password: 'x'.repeat(10),
  firstName: '',
  lastName: '',
};

describe('account validation', () => {
  it('mirrors the server rules in contracts', () => {
    expect(USERNAME_PATTERN.source).toBe(contracts.USERNAME_PATTERN.source);
    expect(PASSWORD_MIN_LENGTH).toBe(contracts.PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(contracts.PASSWORD_MAX_LENGTH);
  });

  it('accepts what the server accepts and names each broken rule', () => {
    expect(validateRegister(valid)).toEqual({});
    expect(validateRegister({ ...valid, username: 'ab', email: 'nope', password: 'short' })).toEqual({
      username: 'Username must be 3-30 characters: letters, digits, _ or -',
      email: 'Invalid email',
      password: 'Password must be at least 10 characters',
    });
    expect(validateRegister({ ...valid, username: 'jane doe' }).username).toMatch(/^Username must/);
    expect(validateRegister({ ...valid, username: 'a'.repeat(31) }).username).toMatch(/^Username must/);
  });

  it('wants exactly six digits for a code', () => {
    expect(validateCode(' 123456 ')).toBeUndefined();
    expect(validateCode('12345')).toBe('The code has 6 digits');
    expect(validateCode('')).toBe('Required');
  });

  it("reads the server's field errors for the form's own fields only", () => {
    const body = JSON.stringify({
      message: 'Password is too common',
      error: {
        code: 'VALIDATION',
        details: [
          { path: 'password', message: 'Password is too common' },
          { path: 'password', message: 'second' },
          { path: 'other', message: 'ignored' },
        ],
      },
    });
    const error = new ApiError(400, 'Bad Request', body);
    expect(serverFieldErrors(error, ['password', 'username'] as const)).toEqual({
      password: 'Password is too common',
    });
    expect(serverFieldErrors(new ApiError(500, 'Internal', '<html>'), ['password'] as const)).toEqual({});
  });
});
