import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { waitForHttp } from './wait-for';

export interface Replica {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** Everything the process printed (stdout and stderr), for a failing test's message. */
  output(): string;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * One server process: `node --import tsx server/main.ts` (one process, so a signal reaches the
 * server itself), on `port`, migrations left to `npm run migrate`. Resolves once it is ready.
 */
export async function startReplica(input: {
  name: string;
  port: number;
  env: Record<string, string>;
  quiet?: boolean;
}): Promise<Replica> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      MIGRATE_ON_START: 'false',
      TRUST_PROXY_HOPS: '1',
      ...input.env,
      PORT: String(input.port),
      INSTANCE_NAME: input.name,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (!input.quiet) process.stdout.write(`[${input.name}] ${chunk}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${input.port}`;
  const exited = once(child, 'exit');
  try {
    await waitForHttp(`${url}/api/health`, { isAlive: () => child.exitCode === null });
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${input.name} did not start: ${String(error)}\n${log}`);
  }
  return {
    name: input.name,
    port: input.port,
    url,
    process: child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
