import { ConfigError, loadConfig, type Config } from '../config';
import { createLogger, type Logger } from '../logger';
import { buildServices, type BuildOptions, type Services } from '../compose';
import { stopOwnedEmbeddedPostgres } from '../db/embedded';
import { interruptedExitCode, StopController } from '../shutdown';

/**
 * The CLIs' stop (backend/src/shutdown.ts): SIGINT, SIGTERM or SIGHUP, to the process or its whole group,
 * aborts the work's signal; the services (and the embedded PostgreSQL this process started or adopted) are
 * closed in order, then one line says so ("stopped cleanly in 0.4 s").
 */
let ownedDataDir: string | null = null;
export const cliStop = new StopController({
  lastResort: async () => {
    if (ownedDataDir) await stopOwnedEmbeddedPostgres(ownedDataDir);
  },
});

/** How long work that ignores the stop signal may go on before the services are closed under it. */
const WORK_STOP_WAIT_MS = 5_000;

export interface CliOptions extends Omit<BuildOptions, 'role'> {
  /** The logger: LOG_LEVEL (default warn) unless given. */
  logger?: (config: Config) => Logger;
}

/**
 * The CLIs' shared start: read the configuration (a bad variable exits 2 naming it), build the services
 * through the composition root, run `work`, and always close them. `work` gets an AbortSignal that a stop
 * signal aborts: it should end soon after (its exit code is kept); work that does not is cut after 5 s
 * (the services close under it) and the exit code is the interrupted one (130 for SIGINT, 143 for SIGTERM).
 */
export async function withCliServices(
  work: (services: Services, signal: AbortSignal) => Promise<number>,
  options: CliOptions = {},
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
  const logger = options.logger?.(config) ?? createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
  const { logger: _ignored, ...build } = options;
  void _ignored;
  if (!config.databaseUrl) ownedDataDir = config.dataDir;
  const services = await buildServices(config, logger, { role: 'cli', ...build });
  try {
    if (cliStop.stopping) return interruptedExitCode(cliStop.reason);
    const working = work(services, cliStop.signal);
    working.catch(() => undefined); // awaited below; a failure after a stop is expected
    const first = await Promise.race([
      working.then((code) => ({ code })),
      cliStop.requested.then(() => null),
    ]);
    if (first) return first.code;
    let timer: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      working.then(
        (code) => ({ code }),
        () => null,
      ),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), WORK_STOP_WAIT_MS);
        cliStop.hurry.addEventListener('abort', () => resolve(null), { once: true });
      }),
    ]);
    clearTimeout(timer);
    return settled?.code ?? interruptedExitCode(cliStop.reason);
  } finally {
    await services.close();
  }
}

/**
 * Runs a CLI's main and exits with its code (1 with the stack on an unexpected error). A stop signal is
 * handled from here on; a stopped CLI prints the stop line.
 */
export function runCli(main: () => Promise<number>, failure = ''): void {
  cliStop.listen();
  main().then(
    (code) => (cliStop.stopping ? cliStop.finish(code) : process.exit(code)),
    (err: unknown) => {
      if (cliStop.stopping) return cliStop.finish(interruptedExitCode(cliStop.reason));
      console.error(`${failure}${err instanceof Error ? (err.stack ?? err.message) : err}`);
      process.exit(1);
    },
  );
}
