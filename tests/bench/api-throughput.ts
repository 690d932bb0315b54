import autocannon from 'autocannon';
import { registrationCode } from '../api/helpers/registration-code';
import { withPostgresOnCores } from './postgres-cores';
import { type ServerProcess, startServerProcess } from './server-process';
import { startedServerRssMb } from './started-server-memory';

interface Target {
  name: string;
  kind: 'reference' | 'driver reference' | 'framework' | 'hot read' | 'write';
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Each connection's own headers (a patient of its own), in place of `headers`. */
  headersPerConnection?: Record<string, string>[];
  body?: string;
}

interface Sample {
  rps: number;
  p99: number;
  /** The server's own CPU time per answered request, in µs (null where /proc has none). */
  cpuUs: number | null;
}

const connections = 50;
const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * A load of `seconds` on the server's target, with the server's own CPU time per answered
 * request read off its /proc counters around it.
 */
async function measuredLoad(server: ServerProcess, target: Target, seconds: number) {
  const before = server.cpuSeconds();
  const { rps, p99, requests } = await load(server.port, target, seconds);
  const after = server.cpuSeconds();
  const cpuUs =
    before === null || after === null || requests === 0
      ? null
      : ((after - before) * 1e6) / requests;
  return { rps, p99, cpuUs };
}

function load(
  port: number,
  target: Target,
  seconds: number,
): Promise<{ rps: number; p99: number; requests: number }> {
  let connection = 0;
  const perConnection = target.headersPerConnection;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${target.path}`,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections,
        duration: seconds,
        ...(perConnection
          ? {
              setupClient: (client: { setHeaders: (headers: Record<string, string>) => void }) =>
                client.setHeaders(perConnection[connection++ % perConnection.length] ?? {}),
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0)
          return reject(new Error(`${target.name}: ${result.non2xx} non-2xx answers`));
        resolve({
          rps: result.requests.average,
          p99: result.latency.p99,
          requests: result.requests.total,
        });
      },
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function json(
  port: number,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, ...init });
  const body = (await res.json()) as { Data: Record<string, unknown> };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.Data;
}

/**
 * A new patient, registered as the web app does it (a code sent to the email, read from the
 * development outbox, then the registration): their bearer headers.
 */
async function registeredPatient(port: number, index: number): Promise<Record<string, string>> {
  const email = `bench-writer-${index}-${Date.now()}@example.test`;
  const apiKey = 'dev-api-key-0123456789abcdef';
  const code = await registrationCode(`http://127.0.0.1:${port}`, email, { apiKey });
  const signedIn = await json(port, 'POST', '/api/user/Register', {
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      Email: email,
      EmailCode: code,
      Password: 'Sunrise#2026',
      CompanyId: 132,
      FirstName: 'Bench',
      LastName: `Writer${index}`,
      PhoneNo: '555-123-4567',
    }),
  });
  return { authorization: `Bearer ${signedIn.access_token}`, 'content-type': 'application/json' };
}

/** Signs in, fills a cart and a guest order, and names the requests to measure. */
async function targetsFor(port: number): Promise<Target[]> {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const login = await json(port, 'POST', '/api/auth/AccessTokenSfrw', {
    headers: form,
    body: 'username=patient@demo.test&password=Patient%232026&companyid=132',
  });
  const user = {
    authorization: `Bearer ${login.access_token}`,
    'content-type': 'application/json',
  };
  const catalog = (await json(
    port,
    'GET',
    '/api/Product/GetProductandConsultPrice?storefrontId=132',
    {
      headers: { 'x-api-key': 'dev-api-key-0123456789abcdef' },
    },
  )) as unknown as { productId: number; type: string }[];
  const otc = catalog.find((p) => p.type === 'otc')?.productId;
  const addBody = JSON.stringify({ productId: otc, qty: 1, storefrontId: 132 });
  const cart = await json(port, 'POST', '/api/user/Cart/AddToCart', {
    headers: user,
    body: addBody,
  });
  const guestLogin = await json(port, 'POST', '/api/auth/AccessTokenAdmin', {
    headers: form,
    body: 'grant_type=client_credentials&client_id=storefront-web&client_secret=dev-guest-secret-0123456789',
  });
  const guest = {
    authorization: `Bearer ${guestLogin.access_token}`,
    'content-type': 'application/json',
  };
  // Writes as patients make them: each connection adds to a cart of its own. (Fifty requests at
  // once into one cart wait for its row lock one after the other; measured until 2026-11-26,
  // they differed little: see the README.)
  const writers: Record<string, string>[] = [];
  for (let index = 0; index < connections; index++)
    writers.push(await registeredPatient(port, index));
  await json(port, 'POST', '/api/v1/guestorders', {
    headers: guest,
    body: JSON.stringify({ storefrontId: 132, items: [{ productId: otc, qty: 1 }] }),
  });
  return [
    { name: 'GET /api/health', kind: 'framework', method: 'GET', path: '/api/health' },
    {
      name: 'GET public config',
      kind: 'hot read',
      method: 'GET',
      path: '/api/config/public?storefrontId=132',
      headers: { 'x-api-key': 'dev-api-key-0123456789abcdef' },
    },
    {
      name: 'GET cart',
      kind: 'hot read',
      method: 'GET',
      path: '/api/user/Cart/GetItemsInCart',
      headers: user,
    },
    {
      name: 'GET guest order',
      kind: 'hot read',
      method: 'GET',
      path: '/api/v1/guestorders/current',
      headers: guest,
    },
    {
      name: 'GET order details',
      kind: 'hot read',
      method: 'GET',
      path: `/api/order/GetOrderDetails?orderId=${cart.id}`,
      headers: user,
    },
    {
      name: 'POST add to cart (50 carts)',
      kind: 'write',
      method: 'POST',
      path: '/api/user/Cart/AddToCart',
      headersPerConnection: writers,
      body: addBody,
    },
  ];
}

/**
 * The driver's own reference routes: on PostgreSQL a hot read of ours reads the caller's token
 * and then its data, as the first does; on PGlite the token is remembered and the data is one
 * statement, as in the second.
 */
function driverReferences(kind: 'pglite' | 'postgres'): Target[] {
  const twoStatements: Target = {
    name: 'driver: token, then a row',
    kind: 'driver reference',
    method: 'GET',
    path: '/token-then-row',
  };
  const oneStatement: Target = {
    name: 'driver: a row with its token',
    kind: 'driver reference',
    method: 'GET',
    path: '/row-with-token',
  };
  return kind === 'postgres' ? [twoStatements, oneStatement] : [oneStatement];
}

/** A row's figures against its budget (none for the references). */
function verdictOf(
  kind: Target['kind'],
  ratio: number,
  p99: number,
  budget: (typeof budgets)[keyof typeof budgets],
): string {
  if (kind === 'reference') return '';
  if (kind === 'driver reference') return 'bare Fastify and the driver, none of our code';
  const share = budget[kind];
  // DESIGN §7 bounds the p99 of the hot reads; of the writes, their share only.
  const latency =
    kind === 'hot read' ? `, p99 ${p99 <= budget.p99 ? 'ok' : 'OVER'} ≤ ${budget.p99} ms` : '';
  return `${ratio >= share ? 'ok' : 'UNDER'} (≥ ${(share * 100).toFixed(0)} %${latency})`;
}

/** Budgets of DESIGN §7, by database: share of hello-world throughput, and p99 in ms. */
const budgets = {
  pglite: { framework: 0.6, 'hot read': 0.05, write: 0, p99: 25, rssMb: 300 },
  postgres: { framework: 0.6, 'hot read': 0.2, write: 0.1, p99: 10, rssMb: 150 },
} as const;
/** DESIGN §7: the event-loop delay under load, p99. */
const eventLoopBudgetMs = 50;

export async function benchApiThroughput(databaseUrl: string | undefined): Promise<void> {
  // PostgreSQL on the load generator's core: left to the scheduler, it ran mostly on the
  // server's (woken by the server's writes), and the server under test had a part of its core
  // only (README, "Benchmarks").
  const helloRss = databaseUrl
    ? await withPostgresOnCores(databaseUrl, '1', (pinned) =>
        measureThroughput(databaseUrl, pinned ? 'PostgreSQL on core 1' : 'PostgreSQL on any core'),
      )
    : await measureThroughput(undefined, null);
  // Right after start, before any load: what the server `npm start` runs holds to serve its
  // first request (measured apart from the throughput server above, which runs the sources).
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const rss = await startedServerRssMb(databaseUrl);
  const rssOk = rss <= budgets[kind].rssMb ? 'ok' : 'OVER';
  console.log(
    `server memory after start (RSS, npm start): ${rss.toFixed(0)} MB ${rssOk} (≤ ${budgets[kind].rssMb}), bare Fastify ${helloRss?.toFixed(0) ?? '?'} MB`,
  );
}

/**
 * The throughput rows of one database (`placement`: where PostgreSQL ran, if it did); answers
 * hello-world's memory after its start.
 */
async function measureThroughput(
  databaseUrl: string | undefined,
  placement: string | null,
): Promise<number | null> {
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const hello = await startServerProcess('./hello-server.ts');
  const app = await startServerProcess('./app-server.ts', { DATABASE_URL: databaseUrl });
  const driver = await startServerProcess('./driver-reference-server.ts', {
    DATABASE_URL: databaseUrl,
  });
  const helloRss = hello.rssMb();
  try {
    const reference: Target = {
      name: 'bare Fastify hello-world',
      kind: 'reference',
      method: 'GET',
      path: '/',
    };
    const targets = await targetsFor(app.port);
    const serverOf = (target: Target) => {
      if (target.kind === 'reference') return hello;
      return target.kind === 'driver reference' ? driver : app;
    };
    const all = [reference, ...driverReferences(kind), ...targets];
    for (const target of all) await load(serverOf(target).port, target, 1); // warm-up
    const samples = new Map<string, Sample[]>(all.map((t) => [t.name, []]));
    await app.ask({ reset: true, stats: true });
    for (let round = 0; round < rounds; round += 1) {
      for (const target of all)
        samples.get(target.name)?.push(await measuredLoad(serverOf(target), target, roundSeconds));
    }
    const eld = await app.ask<{ eventLoopDelayP99Ms: number; maxMs: number }>({ stats: true });

    const helloRps = median((samples.get(reference.name) ?? []).map((s) => s.rps));
    const budget = budgets[kind];
    console.log(
      `\nAPI throughput on ${kind} (${connections} connections, ${rounds} rounds of ${roundSeconds}s, medians; the server on core 0${placement ? `, ${placement}` : ''})`,
    );
    console.log(
      'target'.padEnd(28),
      'req/s'.padStart(9),
      'ratio'.padStart(8),
      'p99 ms'.padStart(8),
      'µs/req'.padStart(8),
      '  budget',
    );
    for (const target of all) {
      const list = samples.get(target.name) ?? [];
      const rps = median(list.map((s) => s.rps));
      const p99 = median(list.map((s) => s.p99));
      const cpu = list.every((s) => s.cpuUs !== null)
        ? median(list.map((s) => s.cpuUs ?? 0)).toFixed(1)
        : '?';
      const ratio = rps / helloRps;
      const verdict = verdictOf(target.kind, ratio, p99, budget);
      console.log(
        target.name.padEnd(28),
        rps.toFixed(0).padStart(9),
        `${(ratio * 100).toFixed(1)}%`.padStart(8),
        p99.toFixed(1).padStart(8),
        cpu.padStart(8),
        ` ${verdict}`,
      );
    }
    console.log(
      "µs/req: the server process's own CPU time per answered request (user and system, all its threads, from /proc: PGlite's thread among them, PostgreSQL's processes not). Steadier than req/s where the load generator, not the server, is the limit, as it often is for hello-world here.",
    );
    const eldOk = eld.eventLoopDelayP99Ms <= eventLoopBudgetMs ? 'ok' : 'OVER';
    console.log(
      `event-loop delay of the app under load: p99 ${eld.eventLoopDelayP99Ms.toFixed(1)} ms ${eldOk} (≤ ${eventLoopBudgetMs}), max ${eld.maxMs.toFixed(1)} ms`,
    );
    return helloRss;
  } finally {
    await app.stop();
    await driver.stop();
    await hello.stop();
  }
}
