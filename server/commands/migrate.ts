import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured';
import { seedDatabase } from '../db/seed/seed';

/**
 * `npm run migrate`: migrates and seeds the configured database once, before replicas that
 * start with MIGRATE_ON_START=false (several processes must not migrate at the same moment).
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  await seedDatabase(database, config);
  process.stdout.write(`Migrated and seeded (${database.kind}).\n`);
} finally {
  await database.close();
}
