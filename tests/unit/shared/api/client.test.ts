import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error';
import { basesAt } from '../../../../shared/api/bases';
import { createApiClient, toFormData, withQuery } from '../../../../shared/api/client';
import { createLoadingCounter } from '../../../../shared/api/loading-counter';
import type { TokenProviders } from '../../../../shared/api/token-providers';

// A real HTTP server that answers as ours does, plus a few failures.
let server: FastifyInstance;
let origin: string;
const seen: { method: string; url: string; headers: Record<string, unknown>; body: unknown }[] = [];

beforeAll(async () => {
  // The client keeps connections alive (fetch): closing ends them rather than waiting.
  server = Fastify({ forceCloseConnections: true });
  await server.register(formbody);
  server.addHook('onRequest', async (request) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: null });
  });
  server.addHook('preHandler', async (request) => {
    const last = seen[seen.length - 1];
    if (last) last.body = request.body ?? null;
  });
  for (const base of ['/api/config', '/api/user']) {
    server.all(`${base}/ok`, async () => ({ Data: { value: 42 }, Message: 'OK', status: 200 }));
  }
  server.all('/echo', async (request) => ({
    Data: request.body ?? null,
    Message: 'echo',
    status: 200,
  }));
  server.post('/api/user/User/InsertQueryStringIntoSessionGUIDRequest', async () => ({
    statusCode: 200,
    data: '2f1c7a0e-8f7e-4c5e-9a53-0d7d1c9a1f11',
  }));
  server.get('/boom', async (_req, reply) =>
    reply.code(500).send({ Data: null, Message: 'Something went wrong', status: 500 }),
  );
  server.get('/missing', async (_req, reply) =>
    reply.code(404).send({ Data: null, Message: 'Not found.', status: 404 }),
  );
  server.post('/invalid', async (_req, reply) =>
    reply.code(400).send({
      Data: null,
      Message: 'bad',
      status: 400,
      errors: { email: 'emailError' },
    }),
  );
  server.get('/private', async (_req, reply) =>
    reply.code(401).send({ Data: null, Message: 'Please sign in to continue.', status: 401 }),
  );
  server.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { Data: 'slow', Message: 'OK', status: 200 };
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
});

const tokens = (user: string | null, guest: string | null = null): TokenProviders => ({
  userToken: () => user,
  guestToken: () => guest,
  apiKey: () => 'the-api-key',
});

function client(extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({ bases: basesAt(origin), tokens: tokens('U1'), ...extra });
}

describe('shared API client over real HTTP', () => {
  it('GET reads Data, Message and status of the envelope', async () => {
    const result = await client().get(2, 'ok');
    expect(result).toEqual({
      data: { value: 42 },
      message: 'OK',
      status: 200,
      // The body as sent, for the few answers without the envelope (getClientIp).
      raw: { Data: { value: 42 }, Message: 'OK', status: 200 },
    });
  });

  it('POST and PATCH hand back the whole body as data', async () => {
    const result = await client().post(1, `${origin}/api/config/ok`, { a: 1 });
    expect(result).toEqual({
      data: { Data: { value: 42 }, Message: 'OK', status: 200 },
      message: 'OK',
      status: 200,
      raw: { Data: { value: 42 }, Message: 'OK', status: 200 },
    });
    const patched = await client().patch(9, `${origin}/echo`, { b: 2 });
    expect(patched.data).toEqual({ Data: { b: 2 }, Message: 'echo', status: 200 });
  });

  it('session initialisation answers statusCode and data', async () => {
    const result = await client().post<{ statusCode: number; data: string }>(
      4,
      'User/InsertQueryStringIntoSessionGUIDRequest',
      { queryString: { LandingPage: '/' }, guid: null },
    );
    expect(result.data.statusCode).toBe(200);
    expect(result.data.data).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [3, 'x-api-key', 'the-api-key'],
    [4, 'authorization', 'Bearer U1'],
    [2, 'authorization', undefined],
  ] as const)('mode %i sends %s = %s', async (mode, header, value) => {
    await client().get(mode, 'ok');
    expect(seen[seen.length - 1]?.headers[header]).toBe(value);
  });

  it('mode 8 falls back to the guest token', async () => {
    await client({ tokens: tokens(null, 'G1') }).get(8, `${origin}/api/config/ok`);
    expect(seen[seen.length - 1]?.headers.authorization).toBe('Bearer G1');
  });

  it('GET in mode 7 sends the payload as the body; mode 1 as the query', async () => {
    await client().delete(7, `${origin}/echo`, { id: 5 });
    expect(seen[seen.length - 1]?.body).toEqual({ id: 5 });
    await client().get(1, `${origin}/echo`, { id: 6 });
    expect(seen[seen.length - 1]?.url).toBe('/echo?id=6');
  });

  it('sends form data for the auth calls, arrays with []', async () => {
    await client().post(
      1,
      `${origin}/echo`,
      { userName: 'a@b.co', channels: ['sms', 'email'] },
      { form: true },
    );
    const last = seen[seen.length - 1];
    expect(last?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last?.body).toEqual({ userName: 'a@b.co', 'channels[]': ['sms', 'email'] });
    expect(toFormData({ a: 'x y', skip: undefined, n: 3 })).toBe('a=x%20y&n=3');
  });

  it('a 500 is a Connection Error with connectionError true', async () => {
    const error = await client()
      .get(1, `${origin}/boom`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Connection Error');
    expect((error as ApiError).connectionError).toBe(true);
  });

  it('no response is a Connection Error too', async () => {
    const closed = Fastify();
    await closed.listen({ host: '127.0.0.1', port: 0 });
    const port = (closed.server.address() as AddressInfo).port;
    await closed.close();
    const error = (await client()
      .get(1, `http://127.0.0.1:${port}/nothing`)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Connection Error');
    expect(error.connectionError).toBe(true);
    expect(error.status).toBeNull();
  });

  it('other failures read "Request failed with status code N" and keep the server message', async () => {
    const error = (await client()
      .get(1, `${origin}/missing`)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Request failed with status code 404');
    expect(error.connectionError).toBe(false);
    expect(error.status).toBe(404);
    expect(error.serverMessage).toBe('Not found.');
    const invalid = (await client()
      .post(1, `${origin}/invalid`, {})
      .catch((e: unknown) => e)) as ApiError;
    expect(invalid.message).toBe('Request failed with status code 400');
    expect(invalid.errors).toEqual({ email: 'emailError' });
  });

  it('a 401 calls onUnauthenticated', async () => {
    const onUnauthenticated = vi.fn();
    await client({ onUnauthenticated })
      .get(1, `${origin}/private`)
      .catch(() => undefined);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('dispatches SUCCESS and FAILURE results', async () => {
    const actions: string[] = [];
    const c = client({ onResult: (a) => actions.push(a.status) });
    await c.get(2, 'ok');
    await c.get(1, `${origin}/missing`).catch(() => undefined);
    expect(actions).toEqual(['SUCCESS', 'FAILURE']);
  });

  it('loading is on at the first request and off when the last ends', async () => {
    const loading = createLoadingCounter();
    const transitions: boolean[] = [];
    loading.subscribe((on) => transitions.push(on));
    const c = client({ loading });
    const all = Promise.all([
      c.get(1, `${origin}/slow`),
      c.get(1, `${origin}/slow`),
      c.get(1, `${origin}/missing`).catch(() => undefined),
    ]);
    expect(loading.loading).toBe(true);
    expect(loading.active).toBe(3);
    await all;
    expect(loading.loading).toBe(false);
    expect(transitions).toEqual([true, false]);
  });

  it('gives up after its time limit, and when the caller cancels, as a Connection Error', async () => {
    const late = await client({ timeoutMs: 10 })
      .get(1, `${origin}/slow`)
      .catch((e: unknown) => e);
    expect(late).toMatchObject({ message: 'Connection Error', connectionError: true });
    const controller = new AbortController();
    const cancelled = client().get(1, `${origin}/slow`, undefined, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ connectionError: true });
  });

  it('sends no type with no payload (an empty JSON body is a bad request)', async () => {
    await client().post(5, `${origin}/echo`);
    expect(seen[seen.length - 1]?.headers['content-type']).toBeUndefined();
  });

  it('sends JSON bodies with their type, and no body on a GET (as browsers do)', async () => {
    await client().patch(7, `${origin}/echo`, { name: 'Ana', tags: ['a'] });
    const last = seen[seen.length - 1];
    expect(last?.headers['content-type']).toBe('application/json');
    expect(last?.body).toEqual({ name: 'Ana', tags: ['a'] });
    const read = await client().get(7, `${origin}/echo`, { id: 5 });
    expect(seen[seen.length - 1]?.method).toBe('GET');
    expect(read.data).toBeNull();
  });
});

describe('query parameters', () => {
  it.each([
    [{ a: 'x y', n: 3 }, '/p?a=x%20y&n=3'],
    [{ skip: null, gone: undefined, ok: true }, '/p?ok=true'],
    [{ ids: [1, 2] }, '/p?ids%5B%5D=1&ids%5B%5D=2'],
    [{ at: new Date('2026-11-26T10:00:00Z') }, '/p?at=2026-11-26T10%3A00%3A00.000Z'],
    [{ filter: { status: 'paid' } }, '/p?filter%5Bstatus%5D=paid'],
    [{}, '/p'],
  ])('%j → %s', (payload, url) => {
    expect(withQuery('/p', payload)).toBe(url);
  });

  it("follow the URL's own", () => {
    expect(withQuery('/p?storefrontId=1', { page: 2 })).toBe('/p?storefrontId=1&page=2');
  });
});
