import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured';
import { maxSeedOrders, type SeedOrdersProgress, seedOrders } from '../db/seed/bulk-orders';
import { seedDatabase } from '../db/seed/seed';

const usage =
  'Usage: npm run seed -- --orders N [--seed S] [--batch B]\n' +
  '  Adds N realistic placed orders (and about N/5 patients) to the configured database\n' +
  '  (DATABASE_URL, else PGlite under DATA_DIR). The same seed on a fresh database gives the\n' +
  '  same data; B orders per transaction (1000 to 5000, default 2000).';

function positiveInteger(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
    throw new Error(`--${name} must be a whole number\n${usage}`);
  }
  return n;
}

const thousands = (n: number) => n.toLocaleString('en-US');

/** `npm run seed -- --orders N`: benchmark data for the staff order lookup (issue 5). */
async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      seed: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const orders = positiveInteger('orders', values.orders);
  if (orders > maxSeedOrders) throw new Error(`--orders must be at most ${maxSeedOrders}`);
  const seed = positiveInteger('seed', values.seed, 132);
  const batchSize = positiveInteger('batch', values.batch, 2000);

  const config = loadConfig();
  // Opened exactly as server/main.ts does, so the command fills the server's database.
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    await seedDatabase(database, config);
    const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL';
    process.stdout.write(`Seeding ${thousands(orders)} orders into ${where} (seed ${seed})\n`);
    let lastLine = 0;
    const report = (p: SeedOrdersProgress) => {
      // About every 2 % of the work, and at the end of each phase.
      if (p.done < p.total && p.done - lastLine < Math.max(1, p.total / 50)) return;
      lastLine = p.done === p.total ? 0 : p.done;
      const rate = p.elapsedMs > 0 ? Math.round((p.done * 1000) / p.elapsedMs) : 0;
      process.stdout.write(
        `  ${p.phase.padEnd(8)} ${thousands(p.done).padStart(11)} / ${thousands(p.total)}` +
          `  ${(p.elapsedMs / 1000).toFixed(1)} s  (${thousands(rate)}/s overall)\n`,
      );
    };
    const result = await seedOrders(database, config, {
      orders,
      seed,
      batchSize,
      onProgress: report,
    });
    process.stdout.write(
      `Done: ${thousands(result.orders)} orders for ${thousands(result.patients)} new patients ` +
        `in ${(result.elapsedMs / 1000).toFixed(1)} s.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
