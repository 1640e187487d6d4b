import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import { buildServices, type BuildOptions, type Services } from '../compose';

/**
 * The CLIs' shared start: read the configuration (a bad variable exits 2 naming it), build the services
 * through the composition root, run `work`, and always close them.
 */
export async function withCliServices(
  work: (services: Services) => Promise<number>,
  options: Omit<BuildOptions, 'role'> = {},
): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
  const services = await buildServices(config, logger, { role: 'cli', ...options });
  try {
    return await work(services);
  } finally {
    await services.close();
  }
}

/** Runs a CLI's main and exits with its code (1 with the stack on an unexpected error). */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exit(1);
    },
  );
}
