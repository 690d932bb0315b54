import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../api/helpers/sample-files';
import { postFile } from '../api/helpers/upload';
import { createUser, tokenFor } from '../api/helpers/users';
import { type LocalS3, startLocalS3 } from '../support/local-s3';
import { type Cluster, startCluster } from './helpers/cluster';

let s3: LocalS3;
let cluster: Cluster;
beforeAll(async () => {
  s3 = await startLocalS3();
  const { settings } = s3;
  cluster = await startCluster({
    replicas: 2,
    env: {
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_ACCESS_KEY_ID: settings.credentials?.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: settings.prefix,
      // No replica can keep a file on its own disk: the bucket is the only place.
      FILES_DIR: '/dev/null/no-files-here',
    },
  });
});
afterAll(async () => {
  await cluster?.close();
  await s3?.close();
});

describe('uploaded files on a shared store', () => {
  it('a document kept through one replica is served and deleted through the other', async () => {
    const [first, second] = cluster.replicas;
    if (!first || !second) throw new Error('two replicas expected');
    const user = await createUser(cluster);
    const token = await tokenFor(cluster, user.email, user.password);
    const url = `${first.url}/api/user/Documents/`;
    const saved = await postFile(url, token, pngBytes, 'insurance card.png');
    const { body } = saved;
    expect(saved.status, JSON.stringify(body)).toBe(200);
    const path = `/api/user/Documents/${body.Data.id}`;
    const auth = { authorization: `Bearer ${token}` };
    const served = await fetch(`${second.url}${path}`, { headers: auth });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes)).toBe(true);
    const removed = await fetch(`${second.url}${path}`, { method: 'DELETE', headers: auth });
    expect(removed.status).toBe(200);
    expect((await fetch(`${first.url}${path}`, { headers: auth })).status).toBe(404);
  });
});
