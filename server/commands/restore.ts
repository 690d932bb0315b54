import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restorePglite, restorePostgres } from '../db/backup';

const usage = 'Usage: npm run restore -- --from FILE --yes   (replaces the configured database)';

/**
 * `npm run restore`: puts a backup of `npm run backup` back, with every server stopped.
 * PostgreSQL: pg_restore --clean into DATABASE_URL. Embedded: a new data directory from the
 * dump, the old one kept beside it.
 */
const { values } = parseArgs({
  options: { from: { type: 'string' }, yes: { type: 'boolean' } },
  strict: true,
});
if (!values.from || !values.yes) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
const config = loadConfig();
try {
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, values.from);
  } else {
    const keptAt = await restorePglite(config.dataDir, values.from);
    if (keptAt) process.stdout.write(`The database before the restore is kept in ${keptAt}\n`);
  }
  process.stdout.write(`Restored from ${values.from}\n`);
} catch (error) {
  process.stderr.write(
    `Restore failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
