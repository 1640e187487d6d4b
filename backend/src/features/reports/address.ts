import crypto from 'node:crypto';

/**
 * What a report keeps of the client address: an HMAC with a key derived from the server secret, so repeated
 * reports from one address can be told apart, and the address itself is in no event and no table.
 */
export function addressHashOf(serverSecret: string, address: string): string {
  const key = crypto.createHmac('sha256', serverSecret).update('job-report-address').digest();
  return crypto.createHmac('sha256', key).update(address).digest('base64url').slice(0, 22);
}
