/**
 * Ingestion sources (stream `ingestion-source-{sourceId}`): who may post jobs through
 * POST /api/ingest/jobs. A source holds the SHA-256 of its bearer token, never the token itself.
 */
import { z } from 'zod';

export const INGESTION_SOURCE_KINDS = [
  'api',
  'greenhouse',
  'lever',
  'ashby',
  'workable',
  'recruitee',
  'smartrecruiters',
  'personio',
  'bot',
  'demo',
] as const;
export const IngestionSourceKind = z.enum(INGESTION_SOURCE_KINDS);
export type IngestionSourceKind = z.infer<typeof IngestionSourceKind>;

export const IngestionSourceCreated = z.object({
  sourceId: z.string(),
  name: z.string(),
  kind: IngestionSourceKind,
  /** sha256 hex of the bearer token. */
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type IngestionSourceCreated = z.infer<typeof IngestionSourceCreated>;

export const IngestionSourceTokenRotated = z.object({
  sourceId: z.string(),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** ISO 8601. */
  rotatedAt: z.string(),
});
export type IngestionSourceTokenRotated = z.infer<typeof IngestionSourceTokenRotated>;

export const INGESTION_SOURCE_EVENT_TYPES = [
  'IngestionSourceCreated',
  'IngestionSourceTokenRotated',
] as const;
export type IngestionSourceEventType = (typeof INGESTION_SOURCE_EVENT_TYPES)[number];

export type IngestionSourceEvent =
  | { type: 'IngestionSourceCreated'; data: IngestionSourceCreated }
  | { type: 'IngestionSourceTokenRotated'; data: IngestionSourceTokenRotated };

export const ingestionSourceStreamId = (sourceId: string): string => `ingestion-source-${sourceId}`;
