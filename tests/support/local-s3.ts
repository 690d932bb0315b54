import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/integrations/files/s3-file-store';

export interface LocalS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, on a free loopback port, its data in a temporary
 * folder) with one bucket, and the settings that reach it; it checks request signatures, so
 * the store signs as it would for AWS.
 */
export async function startLocalS3(bucket = 'storefront-files'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'storefront-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: 'files/',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
