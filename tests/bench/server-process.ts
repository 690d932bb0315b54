import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  port: number;
  /** The server's resident memory now, in MB (from /proc; null where there is none). */
  rssMb(): number | null;
  /** The CPU time the server has used so far, user and system, in seconds (from /proc). */
  cpuSeconds(): number | null;
  info: Record<string, unknown>;
  ask<T>(message: object): Promise<T>;
  stop(): Promise<void>;
}

/** A process's resident memory now, in MB (from /proc; null where there is none). */
export function rssMbOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** The command that keeps processes on given cores (where it is installed). */
export const taskset = '/usr/bin/taskset';

/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const ticksPerSecond = 100;

/**
 * A process's /proc/<pid>/stat fields after its command's name (which may hold spaces), from
 * its state on: [0] the state, [1] the parent, [11] and [12] user and system CPU time in
 * ticks. Null when the process is gone or /proc has none.
 */
export function statFieldsOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? null;
  } catch {
    return null;
  }
}

/** The CPU time a process has used, user and system, in seconds (null where /proc has none). */
export function cpuSecondsOf(pid: number | undefined): number | null {
  const fields = pid === undefined ? null : statFieldsOf(pid);
  if (!fields) return null;
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / ticksPerSecond : null;
}

/**
 * Starts a bench server in its own process, pinned to core 0 when `taskset` exists, so the
 * load generator (this process) has the other core to itself (DESIGN §7).
 */
export function startServerProcess(
  script: string,
  env: Record<string, string | undefined> = {},
): Promise<ServerProcess> {
  const file = fileURLToPath(new URL(script, import.meta.url));
  // BENCH_NODE_ARGS passes flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const node = [process.execPath, ...extra, '--import', 'tsx', file];
  const command = existsSync(taskset) ? [taskset, '-c', '0', ...node] : node;
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', (message: { ready: number } & Record<string, unknown>) => {
      resolve({
        port: message.ready,
        rssMb: () => rssMbOf(child.pid),
        cpuSeconds: () => cpuSecondsOf(child.pid),
        info: message,
        ask: <T>(question: object) =>
          new Promise<T>((answer) => {
            child.once('message', (reply) => answer(reply as T));
            child.send(question);
          }),
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            if (child.connected) child.send({ stop: true });
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      });
    });
  });
}
