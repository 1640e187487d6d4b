import type pg from 'pg';
import type { EventStore } from '@jobs/contracts/eventstore';
import type { ExternalProjection } from '@jobs/projections';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { createMailer, type Mailer } from '../../mail/mailer';
import { migrateMailOutbox } from '../../mail/outbox';
import type { AppDeps } from '../../http/app';
import { codeKeyFrom, resolveServerSecret } from './secret';
import { migrateSessions, sessionMiddleware } from './session';
import { migrateLoginThrottle } from './login-throttle';
import { verificationMailReactor } from './verification-mail';

export interface AccountServices {
  mailer: Mailer;
  /** Reactors the projection runner runs beside the read models. */
  reactors: ExternalProjection[];
  /** What the HTTP app needs: session middleware, mailer, server secret. */
  appDeps: Pick<AppDeps, 'session' | 'mailer' | 'serverSecret'>;
}

/** Accounts' share of the composition root: server secret, mailer, session table and middleware, the verification-mail reactor. */
export async function buildAccountServices(input: {
  config: Config;
  logger: Logger;
  pool: pg.Pool;
  store: EventStore;
}): Promise<AccountServices> {
  const { config, logger, pool, store } = input;
  const serverSecret = await resolveServerSecret(config, logger);
  await migrateSessions(pool);
  await migrateLoginThrottle(pool);
  // With SMTP, mail waits in a durable outbox in the database until the server has taken it.
  if (config.smtpUrl) await migrateMailOutbox(pool);
  const mailer = createMailer(config, logger, { pool });
  const reactor = verificationMailReactor({
    store,
    pool,
    mailer,
    codeKey: codeKeyFrom(serverSecret),
    publicUrl: config.publicUrl,
    logger,
  });
  return {
    mailer,
    reactors: [reactor],
    appDeps: {
      session: sessionMiddleware({
        pool,
        secret: serverSecret,
        secure: config.publicUrl.startsWith('https:'),
      }),
      mailer,
      serverSecret,
    },
  };
}
