import crypto from 'node:crypto';
import { deriveKey } from '../auth/secret';

export type AlertTokenPurpose = 'confirm' | 'unsubscribe';

/** The key alert links are signed with, derived from the server secret for this purpose alone. */
export const alertLinkKeyFrom = (secret: string) => deriveKey(secret, 'job-alert-links');

function mac(key: Buffer, alertId: string, purpose: AlertTokenPurpose): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${purpose}:${alertId}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');
}

/**
 * A link token: the alert id (hex, not secret) and an HMAC of it with the purpose, so the token is
 * unguessable, a confirm token cannot unsubscribe (or the reverse), and no event or table holds it.
 */
export function alertToken(key: Buffer, alertId: string, purpose: AlertTokenPurpose): string {
  return `${alertId.replace(/-/g, '')}.${mac(key, alertId, purpose)}`;
}

/** The alert id of a genuine token for this purpose, else null. */
export function verifyAlertToken(key: Buffer, token: string, purpose: AlertTokenPurpose): string | null {
  const match = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  const hex = match[1]!;
  const alertId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expected = Buffer.from(mac(key, alertId, purpose));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? alertId : null;
}
