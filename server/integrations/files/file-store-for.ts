import type { AppConfig } from '../../config';
import { createDiskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

/** The configured store: an S3-compatible bucket when S3_BUCKET is set, else the local disk. */
export function fileStoreFor(config: Pick<AppConfig, 's3' | 'filesDir'>): FileStore {
  return config.s3 ? createS3FileStore(config.s3) : createDiskFileStore(config.filesDir);
}
