import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupPglite, backupPostgres } from '../db/backup';

const usage = 'Usage: npm run backup -- --out FILE';

/**
 * `npm run backup`: PostgreSQL (DATABASE_URL) with pg_dump while the servers run; the embedded
 * database of DATA_DIR as a .tar.gz, with the server stopped.
 */
const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
if (!values.out) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
const config = loadConfig();
try {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, values.out);
  else await backupPglite(config.dataDir, values.out);
  process.stdout.write(`Backup written to ${values.out}\n`);
} catch (error) {
  process.stderr.write(
    `Backup failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
