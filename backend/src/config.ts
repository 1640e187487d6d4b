import { z } from 'zod';
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './http/client-address';

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
    /** Origins besides PUBLIC_URL's whose pages may send state-changing requests (the Vite dev server). */
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const item of (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          try {
            const url = new URL(item);
            if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
            origins.push(url.origin);
          } catch {
            ctx.addIssue({ code: 'custom', message: `"${item}" is not an http(s) origin` });
          }
        }
        return origins;
      }),
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
    /** Compute the job pages' similar-jobs lists in the background (features/jobs/similar/warmer.ts). */
    SIMILAR_WARMER: boolean,
    /**
     * Which peers may set X-Forwarded-For / -Proto / -Host: none (default), addresses or CIDR ranges
     * (`127.0.0.1,10.0.0.0/8`, `loopback`), a hop count, or `true` (any peer is one proxy; warned at start).
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    /** Open connections the server keeps at most; past it new ones are closed at once. */
    HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4096),
    /** Open connections one address (not a trusted proxy) may hold. */
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(64),
    /** How long a connection may take to send a request's headers, idle new connections included. */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** How long a whole request (headers and body) may take to arrive. */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** How long an idle keep-alive connection stays open between requests. */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    if (c.HTTP_REQUEST_TIMEOUT_MS < c.HTTP_HEADERS_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_REQUEST_TIMEOUT_MS'],
        message: 'must be at least HTTP_HEADERS_TIMEOUT_MS',
      });
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
  /** Origins besides PUBLIC_URL's that the CSRF check accepts. */
  allowedOrigins: string[];
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
  similarWarmer: boolean;
  /**
   * Whose X-Forwarded-For / -Proto / -Host count (http/client-address.ts). By default nobody's: reached
   * directly, a client's own X-Forwarded-For must not pick its rate-limit key. docs/operations.md.
   */
  trustProxy: TrustProxy;
  /** Connection caps and timeouts of the HTTP server (http/server.ts). */
  http: HttpServerLimits;
}

export interface HttpServerLimits {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
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
    // Without PUBLIC_URL the site is this machine's: http://127.0.0.1:PORT is the same server as localhost.
    allowedOrigins: c.PUBLIC_URL
      ? c.ALLOWED_ORIGINS
      : [...c.ALLOWED_ORIGINS, `http://127.0.0.1:${c.PORT}`, `http://[::1]:${c.PORT}`],
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
    similarWarmer: c.SIMILAR_WARMER ?? true,
    trustProxy: c.TRUST_PROXY ?? { kind: 'none' },
    http: {
      maxConnections: c.HTTP_MAX_CONNECTIONS,
      maxConnectionsPerAddress: c.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
      headersTimeoutMs: c.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: c.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
  };
}
