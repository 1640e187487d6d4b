import { z } from 'zod';
import path from 'node:path';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

const port = z.coerce.number().int().min(1).max(65535);

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(3000),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    EMBEDDED_PG_PORT: port.default(54329),
    /** Connections this process may open to PostgreSQL (several instances share max_connections). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
    EVENTSTORE_URL: optionalUrl([
      'esdb:',
      'esdb+discover:',
      'kurrentdb:',
      'kurrentdb+discover:',
      'kdb:',
      'kdb+discover:',
    ]),
    MEILI_URL: optionalUrl(['http:', 'https:']),
    MEILI_MASTER_KEY: z.string().optional(),
    /** Without MEILI_URL: 'embedded' (an in-memory index per process, docs/search.md) or 'postgres' only. */
    SEARCH_INDEX: z.enum(['embedded', 'postgres']).default('embedded'),
    /** How often a ready embedded index writes its snapshot to DATA_DIR/search (0: only at a clean stop). */
    SEARCH_SNAPSHOT_MINUTES: z.coerce.number().min(0).max(1440).default(10),
    /** How long this process reuses a search answer or rendered feed page (0: never; the bench measures cold). */
    SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().default('Remote Jobs Board <alerts@localhost>'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_JOBS: z.coerce.number().int().min(0).max(1_000_000).default(3000),
    PUBLIC_API_LIMIT: z.coerce.number().int().min(1).default(600),
    RUN_BOT: boolean,
    /** Where `npm run bot` posts jobs (POST /api/ingest/jobs); default PUBLIC_URL. */
    BOT_API_URL: optionalUrl(['http:', 'https:']),
    RUN_PROJECTIONS: boolean,
    /** Behind one reverse proxy (default): client IP and https from its X-Forwarded-For / -Proto. */
    TRUST_PROXY: boolean,
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    if (c.MEILI_URL && c.NODE_ENV === 'production' && !c.MEILI_MASTER_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEILI_MASTER_KEY'],
        message: 'is required with MEILI_URL in production',
      });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  databasePoolSize: number;
  eventStoreUrl: string | undefined;
  meiliUrl: string | undefined;
  meiliMasterKey: string | undefined;
  /** 'meilisearch' when MEILI_URL is set; otherwise SEARCH_INDEX. */
  searchIndex: 'embedded' | 'postgres' | 'meilisearch';
  searchSnapshotMinutes: number;
  searchCacheSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string | undefined;
  adminEmails: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  seedJobs: number;
  /** Anonymous public API requests a minute per IP (the site's own pages and signed-in users get 10x). */
  publicApiLimit: number;
  runBot: boolean;
  botApiUrl: string;
  runProjections: boolean;
  /**
   * Read the client address and protocol from X-Forwarded-For / X-Forwarded-Proto, taking only the
   * entry the nearest proxy appended (a client's own X-Forwarded-For cannot pick its rate-limit key).
   * Set TRUST_PROXY=false when the server is reached directly, without a proxy.
   */
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) =>
          `${String(i.path[0] ?? '?')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])] ?? null)})`,
      ),
    );
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    embeddedPgPort: c.EMBEDDED_PG_PORT,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    eventStoreUrl: c.EVENTSTORE_URL,
    meiliUrl: c.MEILI_URL,
    meiliMasterKey: c.MEILI_MASTER_KEY,
    searchIndex: c.MEILI_URL ? 'meilisearch' : c.SEARCH_INDEX,
    searchSnapshotMinutes: c.SEARCH_SNAPSHOT_MINUTES,
    searchCacheSeconds: c.SEARCH_CACHE_SECONDS,

    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    sessionSecret: c.SESSION_SECRET,
    adminEmails: c.ADMIN_EMAILS,
    logLevel: c.LOG_LEVEL,
    seedJobs: c.SEED_JOBS,
    publicApiLimit: c.PUBLIC_API_LIMIT,
    runBot: c.RUN_BOT ?? false,
    botApiUrl: (c.BOT_API_URL ?? c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    runProjections: c.RUN_PROJECTIONS ?? true,
    trustProxy: c.TRUST_PROXY ?? true,
  };
}
