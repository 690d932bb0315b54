import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

/**
 * Builds the desktop console: the Electron main process and its preload from `electron/`.
 * The console renderer (`renderer/console`) joins this build with the staff console issue.
 * Output goes to out/ (never committed).
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be CommonJS.
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
});
