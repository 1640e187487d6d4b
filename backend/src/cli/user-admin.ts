/**
 * npm run user:admin -- --email you@example.com [--role admin|user]
 *
 * Makes a registered account an admin (or back a user) by appending UserRoleChanged with the actor
 * 'system:cli'. Works beside a running server: its projection runner applies the change, which the
 * user's next request sees.
 */
import { parseArgs } from 'node:util';
import { Role } from '@jobs/contracts/users';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import { buildServices } from '../compose';
import { changeRoleByEmail } from '../features/users/roles';

const USAGE = 'Usage: npm run user:admin -- --email you@example.com [--role admin|user]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const email = values.email?.trim().toLowerCase();
  const role = Role.safeParse(values.role);
  if (!email || !role.success) {
    console.error(!email ? 'Missing --email.' : `Unknown --role ${values.role}.`);
    console.error(USAGE);
    return 2;
  }
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
  const services = await buildServices(config, logger, { role: 'cli' });
  try {
    const result = await changeRoleByEmail(services.store, email, role.data, 'system:cli');
    if (!result) {
      console.error(`No account is registered with ${email}.`);
      return 1;
    }
    console.log(
      result.changed
        ? `${email} (user ${result.userId}) is now ${role.data === 'admin' ? 'an admin' : 'a user'}.`
        : `${email} (user ${result.userId}) already has the role ${role.data}.`,
    );
    return 0;
  } finally {
    await services.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
