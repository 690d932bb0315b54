import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers/http';
import { type Cluster, servedBy, startCluster } from './helpers/cluster';

const limit = 60;
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ replicas: 2, env: { RATE_LIMIT_PER_MINUTE: String(limit) } });
});
afterAll(async () => {
  await cluster?.close();
});

/** Limits count in windows of a whole minute: start with at least 20 s of this one left. */
async function awayFromTheMinuteEdge() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute));
}

describe('the request limit, shared by the replicas', () => {
  it('lets the limit through once, however the requests are spread', async () => {
    await awayFromTheMinuteEdge();
    const [a, b] = cluster.replicas;
    if (!a || !b) throw new Error('two replicas expected');
    const answers = [];
    // Twice the limit from one client, alternating between the replicas, a few at a time.
    for (let i = 0; i < limit * 2; i += 4) {
      answers.push(
        ...(await Promise.all(
          [a, b, a, b].map((replica) => call(replica.url, 'GET', '/api/getClientIp')),
        )),
      );
    }
    const allowed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(allowed).toHaveLength(limit);
    expect(refused).toHaveLength(limit);
    expect(new Set(refused.map((answer) => servedBy(answer.headers)))).toEqual(
      new Set(['replica-1', 'replica-2']),
    );
    expect(refused[0]?.body).toMatchObject({
      Message: 'Too many requests. Please wait a moment and try again.',
      status: 429,
    });
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    // The balancer's health checks from that same address are still answered.
    for (const path of ['/api/health', '/api/health/live']) {
      expect((await call(a.url, 'GET', path)).status).toBe(200);
    }
  });
});
