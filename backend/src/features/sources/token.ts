import crypto from 'node:crypto';

export const TOKEN_PREFIX = 'jb_';

/** A new bearer token: `jb_` + 32 random bytes in base64url. Shown once; only its hash is kept. */
export function generateSourceToken(): string {
  return TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
}

/** sha256 hex: what the event and the read model hold. A lookup by hash needs no constant-time compare. */
export function hashSourceToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
