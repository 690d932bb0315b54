import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema/identity';

/**
 * `npm run backup` and `npm run restore` as an operator runs them, on the database this suite
 * runs on: PostgreSQL when DATABASE_URL is set (CI runs the suite both ways), else the
 * embedded database in a data directory of its own.
 */
const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
const env: Record<string, string> = {
  NODE_ENV: 'test',
  STOREFRONT_DEV_MODE: 'true',
  LOG_LEVEL: 'silent',
};
let dropDatabase: (() => Promise<void>) | null = null;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `backup_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    env.DATA_DIR = join(dir, 'data');
  }
  command('migrate');
});
afterAll(async () => {
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

/** The commands' environment: this suite's database only (no DATABASE_URL for PGlite). */
function commandEnv() {
  const all: Record<string, string | undefined> = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete all.DATABASE_URL;
  return all;
}

function command(name: string, ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', `server/commands/${name}.ts`, ...args],
    { env: commandEnv(), encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`${name} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Opens the database the commands use, runs `work`, closes it (one process at a time). */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
      : { kind: 'pglite', dataDir: env.DATA_DIR ?? null },
  );
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const emailsOf = (database: Database) =>
  database.db
    .select({ email: users.email })
    .from(users)
    .then((rows) => rows.map((r) => r.email));

async function addPatient(database: Database, email: string) {
  await database.db.insert(users).values({
    email,
    firstName: 'Backed',
    lastName: 'Up',
    storefrontId: 132,
  });
}

describe('backup and restore', () => {
  it('a restore brings back what the backup held, and only that', async () => {
    await withDatabase((database) => addPatient(database, 'before@backup.test'));
    const file = join(dir, env.DATABASE_URL ? 'storefront.dump' : 'storefront.tar.gz');
    expect(command('backup', '--out', file)).toContain('Backup written');

    await withDatabase(async (database) => {
      await database.db.delete(users).where(eq(users.email, 'before@backup.test'));
      await addPatient(database, 'after@backup.test');
    });
    expect(command('restore', '--from', file, '--yes')).toContain('Restored');

    const emails = await withDatabase(emailsOf);
    expect(emails).toContain('before@backup.test');
    expect(emails).not.toContain('after@backup.test');
    expect(emails).toContain('admin@demo.test');
    if (env.DATA_DIR) {
      // The embedded database before the restore is kept beside the new one.
      const kept = readdirSync(env.DATA_DIR).filter((n) => n.startsWith('pglite.before-restore'));
      expect(kept).toHaveLength(1);
      expect(existsSync(join(env.DATA_DIR, 'pglite'))).toBe(true);
    }
  });

  it('restore refuses to run without --yes', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/commands/restore.ts', '--from', 'x'],
      { env: commandEnv(), encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--yes');
  });
});
