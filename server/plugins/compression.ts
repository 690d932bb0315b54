import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 1 KB and more for browsers that accept it (brotli, else gzip): an order
 * view or a catalog is a few KB of JSON that shrinks several times. Brotli at a quality that
 * costs about what gzip does (the best one is for the build's static copies, made once). Bodies
 * sent to us are never inflated: a request is read as it came (bodyLimit counts its bytes).
 * Register before the routes: it hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
}
