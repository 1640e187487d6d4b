import type pg from 'pg';
import type { EventStore } from '@jobs/contracts/eventstore';
import type { ExternalProjection } from '@jobs/projections';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import type { ProjectionsPort } from '../../http/app';
import type { Mailer } from '../../mail/mailer';
import { alertConfirmationMailReactor } from './confirmation-mail';
import { startAlertScheduler, type AlertScheduler, type DigestRunDeps } from './digest';
import { alertLinkKeyFrom } from './tokens';

export interface AlertServices {
  /** Reactors the projection runner runs beside the read models. */
  reactors: ExternalProjection[];
  /** What a digest run needs (the server's interval, the CLI, tests). */
  digestDeps(projections?: Pick<ProjectionsPort, 'waitForPosition'>): DigestRunDeps;
  startScheduler(projections: Pick<ProjectionsPort, 'waitForPosition'>): AlertScheduler;
}

/** Job alerts' share of the composition root: the confirmation-mail reactor and the digest schedule. */
export function buildAlertServices(input: {
  config: Config;
  logger: Logger;
  pool: pg.Pool;
  store: EventStore;
  mailer: Mailer;
  serverSecret: string;
}): AlertServices {
  const { config, logger, pool, store, mailer } = input;
  const linkKey = alertLinkKeyFrom(input.serverSecret);
  const digestDeps = (projections?: Pick<ProjectionsPort, 'waitForPosition'>): DigestRunDeps => ({
    store,
    pool,
    mailer,
    linkKey,
    publicUrl: config.publicUrl,
    logger,
    projections,
  });
  return {
    reactors: [
      alertConfirmationMailReactor({ store, pool, mailer, linkKey, publicUrl: config.publicUrl, logger }),
    ],
    digestDeps,
    startScheduler: (projections) => startAlertScheduler(digestDeps(projections)),
  };
}
