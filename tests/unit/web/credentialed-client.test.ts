import { describe, expect, it } from 'vitest';
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
  return { sent, client: credentialedClient(raw, () => ready), credentialed };
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
