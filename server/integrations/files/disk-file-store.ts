import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store';

/** Keys are ours (random UUIDs): anything else is refused, so no key walks out of the folder. */
const keyShape = /^[0-9a-f-]{36}$/;

function checked(key: string): string {
  if (!keyShape.test(key)) throw new Error('invalid file key');
  return key;
}

/**
 * Files on the local disk, one per key under `dir` (created when first needed). A file is
 * written under a temporary name and renamed when complete, so a reader never sees half of it.
 */
export function createDiskFileStore(dir: string): FileStore {
  const root = resolve(dir);
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => {
    ready ??= mkdir(root, { recursive: true });
    return ready;
  };
  return {
    async put(key, content) {
      await ensureDir();
      const target = join(root, checked(key));
      const partial = `${target}.partial`;
      try {
        await pipeline(content, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      const path = join(root, checked(key));
      await stat(path);
      return createReadStream(path) as Readable;
    },
    async remove(key) {
      await rm(join(root, checked(key)), { force: true });
    },
  };
}
