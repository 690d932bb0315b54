import { benchApiThroughput } from './api-throughput';
import { benchConsoleScroll } from './console-scroll';
import { benchLighthouse } from './lighthouse';
import { benchOrderLookup } from './order-lookup';
import { benchReplicas } from './replicas';
import { benchDuration, timedSection } from './timed-sections';
import { benchWebBundle } from './web-bundle';

/**
 * `npm run bench`: figures and ratios measured side by side in one run (DESIGN §7). PGlite
 * always; PostgreSQL too when DATABASE_URL is set (`bash .ci/with-postgres.sh npm run bench`).
 * The script builds the browser apps first when they are stale (they are measured as built).
 */
const database = process.env.DATABASE_URL;
await timedSection('API throughput on PGlite', () => benchApiThroughput(undefined));
if (database) {
  await timedSection('API throughput on PostgreSQL', () => benchApiThroughput(database));
  await timedSection('order lookup', () => benchOrderLookup(database));
  await timedSection('replicas', () => benchReplicas(database));
} else {
  console.log('\nOrder lookup: skipped: needs PostgreSQL (install it, or set DATABASE_URL)');
  console.log('\nReplicas behind nginx: skipped: needs PostgreSQL');
}
await timedSection('console scroll', benchConsoleScroll);
await timedSection('web bundle', benchWebBundle);
await timedSection('Lighthouse', benchLighthouse);
benchDuration();
