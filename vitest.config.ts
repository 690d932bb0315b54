import { defineConfig } from 'vitest/config';

// Four projects: "unit" runs pure code (shared core, server units with no database);
// "db" runs the real app over HTTP on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set); "e2e" drives the built SPA and console in Chromium against the real
// app (`npm run test:e2e` builds them first); "cluster" runs replicas behind nginx.
// Each file of "db" and "e2e" starts its own app on its own database (an in-memory PGlite, or a
// database of its own on the PostgreSQL server), so two files run at once, one per core: a test
// waits on its server, its browser and PostgreSQL about half its time. Each in-memory PGlite
// starts from one migrated once for the run (`migratedImage`).
const migratedImage = 'tests/api/helpers/migrated-image.global.ts';
const twoFilesAtOnce = { fileParallelism: true, maxWorkers: 2 } as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          ...twoFilesAtOnce,
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: [migratedImage],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...twoFilesAtOnce,
        },
      },
      {
        // Several server processes behind nginx on one PostgreSQL (`npm run test:cluster`,
        // which starts a throw-away PostgreSQL; CI runs it).
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [migratedImage],
          setupFiles: ['tests/e2e/helpers/report-failures.setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          ...twoFilesAtOnce,
        },
      },
    ],
  },
});
