import { defineConfig } from 'vitest/config';

// Two projects: "unit" runs pure code (shared core, server units with no database);
// "db" runs the real app over HTTP on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set), one file at a time so the database is never shared by surprise.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
