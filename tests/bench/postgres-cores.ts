import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { statFieldsOf, taskset } from './server-process';

/** A process's parent, from /proc (null when it is gone or /proc has none). */
function parentOf(pid: number): number | null {
  const parent = Number(statFieldsOf(pid)?.[1]);
  return Number.isInteger(parent) ? parent : null;
}

/** Whether a process of this machine is one of PostgreSQL's. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL server behind `databaseUrl` and its processes now, when it runs here (a
 * server elsewhere: null; the backend's id names no process of its here).
 */
async function postgresProcesses(databaseUrl: string): Promise<number[] | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backend = rows[0]?.pid;
    if (backend === undefined || !isPostgres(backend)) return null;
    const postmaster = parentOf(backend);
    if (postmaster === null || !isPostgres(postmaster)) return null;
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => parentOf(pid) === postmaster);
    return [postmaster, ...children];
  } finally {
    await client.end();
  }
}

/** The cores a process may run on, as taskset lists them ("0,1", "0-3"). */
function coresOf(pid: number): string | undefined {
  return execFileSync(taskset, ['-p', '-c', String(pid)], { encoding: 'utf8' })
    .split(':')
    .pop()
    ?.trim();
}

/** Sets the cores of every thread of each process (a process gone meanwhile is passed over). */
function setCores(pids: readonly number[], cores: string) {
  for (const pid of pids) {
    try {
      execFileSync(taskset, ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
    } catch {
      // A backend that ended meanwhile, or no right to move it (then the check below says so).
    }
  }
}

/**
 * Runs `measure` with the PostgreSQL server (its postmaster and every process it has or forks
 * meanwhile) kept on `cores`, then lets it use the cores it had before: the bench gives the
 * server under test a core of its own, as a database on a machine of its own would. `measure`
 * is told whether they could be kept there (PostgreSQL on this machine, `taskset` present, the
 * right to use it).
 */
export async function withPostgresOnCores<T>(
  databaseUrl: string,
  cores: string,
  measure: (pinned: boolean) => Promise<T>,
): Promise<T> {
  const processes = existsSync(taskset) ? await postgresProcesses(databaseUrl) : null;
  const postmaster = processes?.[0];
  if (!processes || postmaster === undefined) return measure(false);
  const before = coresOf(postmaster);
  setCores(processes, cores);
  try {
    return await measure(coresOf(postmaster) === cores);
  } finally {
    // Every process again, those forked while pinned included.
    const now = (await postgresProcesses(databaseUrl)) ?? processes;
    if (before) setCores(now, before);
  }
}
