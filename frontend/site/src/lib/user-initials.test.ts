import { describe, expect, it } from 'vitest';
import { getUserInitials } from './user-initials';

describe('getUserInitials', () => {
  it('uses the first letters of first and last name when both exist', () => {
    expect(getUserInitials({ username: 'jdoe', firstName: 'jane', lastName: 'doe' })).toBe('JD');
  });

  it('falls back to the first two letters of the username, upper-cased, when a name is missing', () => {
    expect(getUserInitials({ username: 'marco', firstName: 'Marco' })).toBe('MA');
    expect(getUserInitials({ username: 'zed', lastName: 'Zimmer' })).toBe('ZE');
    expect(getUserInitials({ username: 'ab', firstName: '', lastName: null })).toBe('AB');
  });

  it('treats blank names as missing', () => {
    expect(getUserInitials({ username: 'kim', firstName: '  ', lastName: 'Lee' })).toBe('KI');
  });

  it('copes with a one-letter username', () => {
    expect(getUserInitials({ username: 'q' })).toBe('Q');
  });
});
