import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkedFileKey, type FileStore } from './file-store';

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
      const target = join(root, checkedFileKey(key));
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
      const path = join(root, checkedFileKey(key));
      await stat(path);
      return createReadStream(path) as Readable;
    },
    async remove(key) {
      await rm(join(root, checkedFileKey(key)), { force: true });
    },
    close() {},
  };
}
