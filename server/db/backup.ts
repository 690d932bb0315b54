import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Backups of either database. PostgreSQL: `pg_dump` in its custom format, online, and
 * `pg_restore --clean` into the configured database. The embedded database: its whole data
 * directory as a gzipped tar (PGlite's own dump), taken while the server is stopped (one
 * process at a time may open it), and restored into a fresh directory, the old one kept aside.
 */

/** A PostgreSQL client program (`pg_dump`, `pg_restore`): on PATH, else Debian's newest. */
export function postgresProgram(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return name;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin', name) : name;
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${program} failed (${code}): ${errors}`)),
    );
  });
}

export async function backupPostgres(url: string, file: string): Promise<void> {
  await run(postgresProgram('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, url]);
}

export async function restorePostgres(url: string, file: string): Promise<void> {
  await run(postgresProgram('pg_restore'), [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

/** The data directory of the embedded database, as server/db/client.ts places it. */
export function pgliteDirOf(dataDir: string): string {
  return join(resolve(dataDir), 'pglite');
}

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  const path = pgliteDirOf(dataDir);
  if (!existsSync(path)) throw new Error(`No embedded database in ${path}.`);
  const client = await PGlite.create(path, { extensions: { pg_trgm } });
  try {
    const dump = await client.dumpDataDir('gzip');
    await mkdir(dirname(resolve(file)), { recursive: true });
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Restores into DATA_DIR; an existing database is moved to `pglite.before-restore-<time>`. */
export async function restorePglite(dataDir: string, file: string): Promise<string | null> {
  const path = pgliteDirOf(dataDir);
  let keptAt: string | null = null;
  if (existsSync(path)) {
    keptAt = `${path}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(path, keptAt);
  }
  await mkdir(dirname(path), { recursive: true });
  const dump = new Blob([await readFile(file)]);
  const client = await PGlite.create(path, { extensions: { pg_trgm }, loadDataDir: dump });
  await client.query('select 1');
  await client.close();
  return keptAt;
}
