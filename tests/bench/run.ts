import { benchApiThroughput } from './api-throughput';

/**
 * `npm run bench`: figures and ratios measured side by side in one run (DESIGN §7). PGlite
 * always; PostgreSQL too when DATABASE_URL is set (`bash .ci/with-postgres.sh npm run bench`).
 */
await benchApiThroughput(undefined);
if (process.env.DATABASE_URL) await benchApiThroughput(process.env.DATABASE_URL);
