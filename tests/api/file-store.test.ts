import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskFileStore } from '../../server/integrations/files/disk-file-store';
import type { FileStore } from '../../server/integrations/files/file-store';
import { createS3FileStore } from '../../server/integrations/files/s3-file-store';
import { type LocalS3, startLocalS3 } from '../support/local-s3';
import { call } from './helpers/http';
import { pdfBytes, pngBytes } from './helpers/sample-files';
import { startTestApp, type TestApp } from './helpers/test-app';
import { postFile } from './helpers/upload';
import { createUser, tokenFor } from './helpers/users';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stream of `size` bytes in 64 KB chunks, as an upload arrives. */
function chunked(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65_536) chunks.push(bytes.subarray(at, at + 65_536));
  return Readable.from(chunks);
}

/** A stream that breaks after some bytes, as an upload whose client goes away. */
function breaking(): Readable {
  let sent = 0;
  return new Readable({
    read() {
      sent += 1;
      if (sent > 3) this.destroy(new Error('client gone'));
      else this.push(Buffer.alloc(65_536, sent));
    },
  });
}

interface StoreUnderTest {
  store: FileStore;
  close(): Promise<void>;
}

const stores: [string, () => Promise<StoreUnderTest>][] = [
  [
    'the local disk',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'storefront-files-'));
      const store = createDiskFileStore(dir);
      return { store, close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const s3 = await startLocalS3();
      const store = createS3FileStore(s3.settings);
      return {
        store,
        async close() {
          store.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(stores)('the file store on %s', (_, open) => {
  let under: StoreUnderTest;
  let store: FileStore;
  beforeAll(async () => {
    under = await open();
    store = under.store;
  });
  afterAll(async () => {
    await under?.close();
  });

  it('keeps a file and gives back the same bytes', async () => {
    const key = randomUUID();
    await store.put(key, Readable.from([pngBytes]));
    expect((await bytesOf(await store.read(key))).equals(pngBytes)).toBe(true);
  });

  it('streams a 10 MB file in and out whole', async () => {
    const key = randomUUID();
    const big = pdfBytes(10 * 1024 * 1024);
    big.fill(7, 100, 5_000_000);
    await store.put(key, chunked(big));
    expect((await bytesOf(await store.read(key))).equals(big)).toBe(true);
  });

  it('keeps nothing of a stream that breaks', async () => {
    const key = randomUUID();
    await expect(store.put(key, breaking())).rejects.toThrow();
    await expect(store.read(key)).rejects.toThrow();
  });

  it('refuses to read what it does not hold, and removes a missing key quietly', async () => {
    await expect(store.read(randomUUID())).rejects.toThrow();
    await expect(store.remove(randomUUID())).resolves.toBeUndefined();
  });

  it('removes a file', async () => {
    const key = randomUUID();
    await store.put(key, Readable.from([pngBytes]));
    await store.remove(key);
    await expect(store.read(key)).rejects.toThrow();
  });

  it('takes only its own keys', async () => {
    for (const key of ['../../etc/passwd', 'a/b', '']) {
      await expect(store.put(key, Readable.from([pngBytes]))).rejects.toThrow('invalid file key');
      await expect(store.read(key)).rejects.toThrow('invalid file key');
    }
  });

  it('keeps 20 files written at once, each its own', async () => {
    const files = Array.from({ length: 20 }, (_, i) => ({
      key: randomUUID(),
      bytes: Buffer.alloc(10_000 + i, i),
    }));
    await Promise.all(files.map((file) => store.put(file.key, Readable.from([file.bytes]))));
    for (const file of files) {
      expect((await bytesOf(await store.read(file.key))).equals(file.bytes)).toBe(true);
    }
  });
});

describe('the server with its files in an S3-compatible bucket', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await startTestApp({ s3: s3.settings });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps, serves and deletes a patient document there', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    const saved = await postFile(`${t.url}/api/user/Documents/`, token, pngBytes, 'card.png');
    const { body } = saved;
    expect(saved.status, JSON.stringify(body)).toBe(200);
    const path = `/api/user/Documents/${body.Data.id}`;
    const download = await fetch(`${t.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(pngBytes)).toBe(true);
    expect((await call(t.url, 'DELETE', path, { token })).status).toBe(200);
    expect((await call(t.url, 'GET', path, { token })).status).toBe(404);
  });
});
