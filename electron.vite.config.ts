import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { precompressAssets } from './deploy/precompress-assets';

/**
 * Builds the desktop console: the Electron main process and its preload from `electron/`.
 * and the console renderer (`renderer/console`), which the API server also serves to browsers at
 * `/console/` from out/renderer. Output goes to out/ (never committed).
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // zod is bundled: the packaged app ships out/** without node_modules (electron-builder.yml).
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: { input: { index: resolve(__dirname, 'electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require nothing but `electron`: everything else is bundled.
      externalizeDeps: false,
      // A sandboxed preload must be CommonJS.
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer/console'),
    // Relative asset paths: the same build loads from the server at /console/ and from file://.
    base: './',
    // The server sends the console's brotli or gzip copies too (Electron reads the plain files).
    plugins: [react(), precompressAssets()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      target: 'es2022',
      reportCompressedSize: false,
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/console/index.html') } },
    },
  },
});
