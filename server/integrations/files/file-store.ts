import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live (never in a table). The default keeps them on the local
 * disk under FILES_DIR; a store several servers share (S3-compatible) implements the same.
 */
export interface FileStore {
  /** Writes a stream under a new key; rejects (and keeps nothing) if the stream fails. */
  put(key: string, content: Readable): Promise<void>;
  /** The bytes of a key; rejects when there is none. */
  read(key: string): Promise<Readable>;
  /** Removes a key; no error when it is already gone. */
  remove(key: string): Promise<void>;
  /** Lets go of connections (the server is stopping). */
  close(): void;
}

/** Keys are ours (random UUIDs): anything else is refused, so no key walks out of its place. */
const keyShape = /^[0-9a-f-]{36}$/;

export function checkedFileKey(key: string): string {
  if (!keyShape.test(key)) throw new Error('invalid file key');
  return key;
}
