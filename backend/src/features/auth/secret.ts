import crypto from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Logger } from '../../logger';

/**
 * The server secret: SESSION_SECRET, or in development and tests a random one kept in
 * DATA_DIR/session-secret, so sessions survive restarts (production refuses to start without it: config.ts).
 */
export async function resolveServerSecret(config: Config, logger: Logger): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.env === 'production') throw new Error('SESSION_SECRET is required in production');
  const file = path.join(config.dataDir, 'session-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = crypto.randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  logger.info({ file }, 'generated a development session secret');
  return secret;
}

/** A key for one purpose, derived from the server secret, so a leak of one derived key reveals neither the secret nor the others. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`jobs-board:${purpose}`).digest();
}

/**
 * The 6-digit code of a verification request: HMAC(key, requestId). Events carry only the request
 * id, so neither the store nor the logs hold a code; the mail sender and the verifier compute it.
 */
export function verificationCode(codeKey: Buffer, requestId: string): string {
  const mac = crypto.createHmac('sha256', codeKey).update(requestId).digest();
  // 48 bits mod 10^6: the bias is below 2^-28, negligible.
  return String(mac.readUIntBE(0, 6) % 1_000_000).padStart(6, '0');
}

export const codeKeyFrom = (secret: string) => deriveKey(secret, 'email-verification-code');
