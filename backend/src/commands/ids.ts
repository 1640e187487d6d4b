import crypto from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A name-based UUID (RFC 9562 version 5: SHA-1 of namespace and name). The same name always gives
 * the same id, so an event id derived from a command makes a retried append a no-op.
 */
export function uuidFromName(namespace: string, name: string): string {
  if (!UUID.test(namespace)) throw new TypeError(`namespace must be a UUID, got ${namespace}`);
  const hash = crypto
    .createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Our own namespace for ids derived from names (any fixed UUID works; this one is ours). */
export const JOBS_BOARD_NAMESPACE = '6f1d8a52-3c1e-4e0b-9b7a-2d5f0c4e8a91';
