import type { AppConfig } from '../../config';
import { createDiskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';

/**
 * The configured store: an S3-compatible bucket when S3_BUCKET is set, else the local disk. The
 * S3 client is loaded only when configured (it weighs some 40 MB in a process that never uses it).
 */
export async function fileStoreFor(config: Pick<AppConfig, 's3' | 'filesDir'>): Promise<FileStore> {
  if (!config.s3) return createDiskFileStore(config.filesDir);
  const { createS3FileStore } = await import('./s3-file-store');
  return createS3FileStore(config.s3);
}
