import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStylesheet } from './deploy/antd-stylesheet';
import { precompressAssets } from './deploy/precompress-assets';

/**
 * The patient SPA (`web/`), served by the API server at `/` from dist/web. `npm run dev:web`
 * serves it with hot reload on :5173 and proxies `/api` to a server on :3000.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  base: '/',
  publicDir: resolve(import.meta.dirname, 'web/public'),
  // antd's component styles made at build time; brotli and gzip copies of each text asset,
  // sent by the server as the browser accepts.
  plugins: [react(), antdStylesheet(), precompressAssets()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // Read by the bench to size the first route and each lazily loaded chunk.
    manifest: true,
  },
  // ws: the video visit's signalling socket goes through the dev proxy too.
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
});
