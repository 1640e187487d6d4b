import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './password';
import { codeKeyFrom, verificationCode } from './secret';

describe('passwords', () => {
  it('hashes with scrypt and a salt, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$99999999$8$1$c2FsdA$aGFzaA')).toBe(false);
  });

  it('knows the common passwords, case-insensitively', () => {
    for (const p of ['password', '123456', 'qwertyuiop', 'Password123', '1234567890', 'ILOVEYOU'])
      expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword('correct horse battery staple 42')).toBe(false);
  });
});

describe('verification codes', () => {
  it('are 6 digits, the same for the same request, different across requests and keys', () => {
    const key = codeKeyFrom('x'.repeat(32));
    const code = verificationCode(key, 'request-1');
    expect(code).toMatch(/^\d{6}$/);
    expect(verificationCode(key, 'request-1')).toBe(code);
    const others = new Set(Array.from({ length: 50 }, (_, i) => verificationCode(key, `request-${i}`)));
    expect(others.size).toBeGreaterThan(45);
    expect(verificationCode(codeKeyFrom('y'.repeat(32)), 'request-1')).not.toBe(code);
  });
});
