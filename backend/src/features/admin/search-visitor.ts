import crypto from 'node:crypto';

/**
 * Who searched, for counting each visitor once per term and day (search-log.ts): an HMAC of the UTC day and the
 * client address, with a key derived from the server secret. The address alone, not with the user agent: a
 * script changes its user agent at will, but needs another address to count again. People behind one address
 * (an office) searching the same term the same day count once: the lists rank terms by how many places asked.
 * Every API instance derives the same value; the day in it makes yesterday's value unrelated to today's;
 * without the secret it cannot be turned back into an address.
 */
export function searchVisitor(serverSecret: string, address: string, now: Date): string {
  const key = crypto.createHmac('sha256', serverSecret).update('search-visitor').digest();
  return crypto
    .createHmac('sha256', key)
    .update(`${now.toISOString().slice(0, 10)}\u0000${address}`)
    .digest('base64url')
    .slice(0, 22);
}
