import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../../../server/db/client';
import { migratedImageVariable } from './migrated-image';

/**
 * Vitest's global setup of the database and browser suites: one PGlite made and migrated for
 * the whole run, its data directory dumped to a file. Each test file's in-memory database
 * starts from it (then migrates, finding nothing to do, and seeds) instead of running initdb
 * and every migration again: about 2.2 s less for each of some 80 app starts. On PostgreSQL
 * (DATABASE_URL set) each file creates its own database and this does nothing.
 */
export default async function makeMigratedImage(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(pglite), { migrationsFolder });
  const image = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = mkdtempSync(join(tmpdir(), 'storefront-test-image-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, new Uint8Array(await image.arrayBuffer()));
  process.env[migratedImageVariable] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
