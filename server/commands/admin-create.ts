import { parseArgs } from 'node:util';
import { isAppError } from '../../shared/errors/app-error';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured';
import { seedDatabase } from '../db/seed/seed';
import { createAdmin } from './create-admin';
import { readPassword } from './read-password';

const usage =
  'Usage: ADMIN_PASSWORD=... npm run admin:create -- --email EMAIL --first-name FIRST --last-name LAST\n' +
  '       (without ADMIN_PASSWORD the password is read from standard input)';

/** `npm run admin:create`: the first admin of any environment, on the configured database. */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.email || !values['first-name'] || !values['last-name']) throw new Error(usage);

  const config = loadConfig();
  const password = await readPassword(process.env.ADMIN_PASSWORD);
  // Opened exactly as server/main.ts does, so the command sees the server's database.
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    await seedDatabase(database, config);
    const admin = await createAdmin(database, config, {
      email: values.email,
      firstName: values['first-name'],
      lastName: values['last-name'],
      password,
    });
    process.stdout.write(
      `Created admin ${admin.email} (${admin.firstName} ${admin.lastName}), id ${admin.id}, ` +
        `storefront ${config.storefrontId}.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const fields =
    isAppError(error) && error.errors ? ` (${Object.keys(error.errors).join(', ')})` : '';
  process.stderr.write(`admin:create: ${message}${fields}\n`);
  process.exit(1);
});
