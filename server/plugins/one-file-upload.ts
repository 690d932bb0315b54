import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart parsing for a scope whose routes take one file of at most `maxBytes`, with small
 * limits on everything else a form may carry. `throwAtLimit` false cuts the file there and
 * marks it truncated, for a route that answers the limit itself.
 */
export async function acceptOneFile(
  scope: FastifyInstance,
  options: { maxBytes: number; throwAtLimit: boolean },
): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: options.throwAtLimit,
    limits: {
      fileSize: options.maxBytes,
      files: 1,
      fields: 4,
      parts: 5,
      fieldNameSize: 100,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
}
