import { Worker } from 'node:worker_threads';

export interface EmbeddedDatabase {
  /** The directory of its Unix socket and the port in the socket's name (`pg`'s host and port). */
  socketDir: string;
  port: number;
  stop(): Promise<void>;
}

const threadFile = new URL('./pglite-thread.mjs', import.meta.url);

/**
 * Starts PGlite on its own thread (file-backed at `dataPath`, or in memory when null), serving
 * the PostgreSQL protocol on a Unix socket. The thread never holds the process open: a command
 * that ends without closing the database ends as it did when PGlite ran in-process.
 * An in-memory database may start from `image`, a data directory PGlite dumped as a tar,
 * instead of a new one (no initdb: about 0.4 s instead of 2.3 here).
 */
export function startEmbeddedDatabase(
  dataPath: string | null,
  image: Uint8Array | null = null,
): Promise<EmbeddedDatabase> {
  if (dataPath && image) throw new Error('A data directory image starts an in-memory database');
  const worker = new Worker(threadFile, { workerData: { dataPath, image } });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The embedded database stopped (${code})`)));
    worker.once('message', ({ socketDir, port }: { socketDir: string; port: number }) => {
      worker.removeListener('error', reject);
      // After start an error is the thread's end: queries then fail as "unreachable" (503).
      worker.on('error', () => {});
      worker.unref();
      resolve({
        socketDir,
        port,
        stop: async () => {
          worker.ref();
          worker.postMessage('close');
          await exited;
        },
      });
    });
  });
}
