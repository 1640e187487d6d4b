/**
 * npm run user:admin -- --email you@example.com [--role admin|user]
 *
 * Makes a registered account an admin (or back a user) by appending UserRoleChanged with the actor
 * 'system:cli'. Works beside a running server: its projection runner applies the change, which the
 * user's next request sees.
 */
import { parseArgs } from 'node:util';
import { Role } from '@jobs/contracts/users';
import { runCli, withCliServices } from './run';
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
  return withCliServices(async (services) => {
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
  });
}

runCli(main);
