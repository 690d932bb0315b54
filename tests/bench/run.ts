import { benchApiThroughput } from './api-throughput';
import { benchConsoleScroll } from './console-scroll';
import { benchLighthouse } from './lighthouse';
import { benchOrderLookup } from './order-lookup';
import { benchReplicas } from './replicas';
import { benchWebBundle } from './web-bundle';

/**
 * `npm run bench`: figures and ratios measured side by side in one run (DESIGN §7). PGlite
 * always; PostgreSQL too when DATABASE_URL is set (`bash .ci/with-postgres.sh npm run bench`).
 * The script builds the browser apps first when they are stale (they are measured as built).
 */
await benchApiThroughput(undefined);
if (process.env.DATABASE_URL) await benchApiThroughput(process.env.DATABASE_URL);
if (process.env.DATABASE_URL) await benchOrderLookup(process.env.DATABASE_URL);
else console.log('\nOrder lookup: skipped: needs PostgreSQL (install it, or set DATABASE_URL)');
if (process.env.DATABASE_URL) await benchReplicas(process.env.DATABASE_URL);
else console.log('\nReplicas behind nginx: skipped: needs PostgreSQL');
await benchConsoleScroll();
await benchWebBundle();
await benchLighthouse();
