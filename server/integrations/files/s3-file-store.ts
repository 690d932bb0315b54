import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedFileKey, type FileStore } from './file-store';

/** Where an S3-compatible store keeps the files (S3_* settings). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, R2...); AWS itself when null. */
  endpoint: string | null;
  /** Static keys; when null the SDK's own chain is used (an instance role, the environment). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Addresses as host/bucket/key rather than bucket.host/key (most S3-compatibles). */
  forcePathStyle: boolean;
  /** Put before every key, so one bucket can serve several uses. */
  prefix: string;
}

/**
 * Files in an S3-compatible bucket, shared by every server process (issue 18). A file is
 * streamed up in parts (never held whole in memory); S3 makes an object visible only once
 * complete, and an upload that fails is aborted, its parts removed.
 */
export function createS3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: the streaming trailer checksums newer SDKs send
    // by default are not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => `${settings.prefix}${checkedFileKey(key)}`;
  return {
    async put(key, content) {
      const upload = new Upload({
        client,
        params: { Bucket: settings.bucket, Key: objectKey(key), Body: content },
        queueSize: 1,
      });
      await upload.done();
    },
    async read(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) throw new Error('file has no body');
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new Error('no such file');
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
