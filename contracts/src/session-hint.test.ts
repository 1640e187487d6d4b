import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './session-hint';

describe('hasSignedInHint', () => {
  it('finds signed_in=1 anywhere in a Cookie header, and nothing else', () => {
    for (const yes of ['signed_in=1', 'a=b; signed_in=1', 'signed_in=1; sid=x', 'a=b;signed_in=1 ; c=d'])
      expect(hasSignedInHint(yes), yes).toBe(true);
    for (const no of [
      '',
      'signed_in=',
      'signed_in=0',
      'signed_in=10',
      'not_signed_in=1',
      'x=signed_in=1',
      'sid=1',
    ])
      expect(hasSignedInHint(no), no).toBe(false);
  });
});
