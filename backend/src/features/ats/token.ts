/**
 * The bearer token an ATS source's bot posts with. It is derived from the server secret and the
 * ingestion source id (HMAC-SHA256), so neither the events nor the read models hold it: the
 * IngestionSourceCreated event carries only its SHA-256, as for any source, and any process with
 * the secret (the server, `npm run bot`) recomputes it. Changing SESSION_SECRET changes these tokens:
 * `npm run bot` re-registers the new hashes itself (syncAtsIngestionTokens, at start and on a 401), and
 * `npm run source:rotate -- --all-ats` does it by hand (docs/operations.md).
 */
import crypto from 'node:crypto';
import { deriveKey } from '../auth/secret';
import { TOKEN_PREFIX } from '../sources/token';

export function atsIngestionToken(serverSecret: string, ingestionSourceId: string): string {
  const key = deriveKey(serverSecret, 'ats-ingestion-token');
  return TOKEN_PREFIX + crypto.createHmac('sha256', key).update(ingestionSourceId).digest('base64url');
}
