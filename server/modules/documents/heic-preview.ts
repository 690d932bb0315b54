import { Worker } from 'node:worker_threads';

/** A preview's longest side, in pixels. */
const PREVIEW_MAX_SIDE = 800;
const PREVIEW_QUALITY = 80;
/** A photo that takes longer than this to decode is left without a preview. */
const DECODE_TIMEOUT_MS = 20_000;
/** Decodes at once, at most (each holds a whole photo's pixels). */
const MAX_AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * A JPEG a browser can show of a HEIC photo (browsers other than Safari cannot show HEIC),
 * at most 800 pixels on its longest side. Decoded in a worker thread; rejects when the bytes
 * do not decode or take too long.
 */
export function heicPreviewJpeg(bytes: Buffer): Promise<Buffer> {
  return slot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const worker = new Worker(new URL('./heic-preview-worker.mjs', import.meta.url), {
          workerData: { bytes, maxSide: PREVIEW_MAX_SIDE, quality: PREVIEW_QUALITY },
          resourceLimits: { maxOldGenerationSizeMb: 512 },
        });
        const timer = setTimeout(() => {
          void worker.terminate();
          reject(new Error('HEIC preview timed out'));
        }, DECODE_TIMEOUT_MS);
        worker.once('message', (jpeg: Uint8Array) => {
          clearTimeout(timer);
          resolve(Buffer.from(jpeg));
          void worker.terminate();
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        worker.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`HEIC preview worker exited (${code})`));
        });
      }),
  );
}
