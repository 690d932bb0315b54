import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import type { ApiClient } from '../../../shared/api/client';
import type { RequestMode } from '../../../shared/api/modes';
import { credentialedClient } from '../../../web/app/credentialed-client';

/** A client that records which calls left, and a session whose credential comes when told. */
function harness() {
  const sent: RequestMode[] = [];
  const answer = async (mode: RequestMode) => {
    sent.push(mode);
    return { data: null, message: 'OK', status: 200 };
  };
  const raw = {
    bases: {},
    loading: {},
    get: answer,
    delete: answer,
    post: answer,
    put: answer,
    patch: answer,
  } as unknown as ApiClient;
  let credentialed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    credentialed = resolve;
  });
  return { sent, raw, client: credentialedClient(raw, () => ready), credentialed };
}

describe('the web app client', () => {
  it('sends api-key calls at once, while the guest token is on its way', async () => {
    const { sent, client } = harness();
    await client.get(3, 'config/public');
    await client.post(6, 'https://example.test/x');
    expect(sent).toEqual([3, 6]);
  });

  it.each([4, 5, 7, 8, 9] as const)(
    'holds a mode %i call until a credential is there',
    async (mode) => {
      const { sent, client, credentialed } = harness();
      const call = client.get(mode, 'x');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(sent).toEqual([]);
      credentialed();
      await call;
      expect(sent).toEqual([mode]);
    },
  );
});

/** A client that answers `status` to every read, recording which modes it was asked. */
function answering(status: 200 | 401 | 'offline') {
  const sent: RequestMode[] = [];
  const get = async (mode: RequestMode) => {
    sent.push(mode);
    if (status === 401) throw ApiError.failed(401);
    if (status === 'offline') throw ApiError.connection(null);
    return { data: 'early', message: 'OK', status: 200 };
  };
  return { sent, client: { bases: {}, loading: {}, get } as unknown as ApiClient };
}

describe('reads while a stored token is being checked', () => {
  it('go at once with the stored token, without waiting for the check', async () => {
    const { sent, raw } = harness();
    const early = answering(200);
    const eager = credentialedClient(raw, () => new Promise(() => undefined), {
      client: early.client,
      checking: () => true,
    });
    await expect(eager.get(5, 'x')).resolves.toMatchObject({ data: 'early' });
    expect(early.sent).toEqual([5]);
    expect(sent).toEqual([]);
  });

  it('wait for the check after a 401 (a stale token), then go again with its credential', async () => {
    const waiting = harness();
    const early = answering(401);
    let checked: () => void = () => undefined;
    const check = new Promise<void>((resolve) => {
      checked = resolve;
    });
    const eager = credentialedClient(waiting.raw, () => check, {
      client: early.client,
      checking: () => true,
    });
    const read = eager.get(8, 'cart');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(early.sent).toEqual([8]);
    expect(waiting.sent).toEqual([]);
    checked();
    await read;
    expect(waiting.sent).toEqual([8]);
  });

  it('show any other failure as it is, and leave writes to wait for the check', async () => {
    const waiting = harness();
    const eager = credentialedClient(waiting.raw, () => Promise.resolve(), {
      client: answering('offline').client,
      checking: () => true,
    });
    await expect(eager.get(5, 'x')).rejects.toMatchObject({ connectionError: true });
    await eager.post(5, 'x');
    expect(waiting.sent).toEqual([5]);
  });

  it('wait as before once no token is being checked', async () => {
    const waiting = harness();
    const early = answering(200);
    const eager = credentialedClient(waiting.raw, () => Promise.resolve(), {
      client: early.client,
      checking: () => false,
    });
    await eager.get(5, 'x');
    expect(early.sent).toEqual([]);
    expect(waiting.sent).toEqual([5]);
  });
});
