import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  earlyReadsScriptSources,
  earlyReadsTag,
} from '../../../server/modules/web-shell/early-reads-tag';
import { basesAt } from '../../../shared/api/bases';
import { createApiClient } from '../../../shared/api/client';
import {
  type EarlyRead,
  earlyReadsOfPage,
  earlyReadsProperty,
} from '../../../shared/api/early-reads';
import type { RuntimeFetch, RuntimeResponse } from '../../../shared/api/runtime-fetch';
import { routes } from '../../../shared/checkout/routes';
import {
  dropOnceLoaded,
  earlyReadsOf as earlyReadsOfPageScope,
} from '../../../web/app/early-reads';

const origin = 'https://shop.test';
const cartUrl = `${origin}/api/user/Cart/GetItemsInCart`;

/** An answer as the server sends it: the envelope around `data`. */
const answer = (data: unknown): RuntimeResponse => ({
  status: 200,
  text: async () => JSON.stringify({ Data: data, Message: 'OK', status: 200 }),
  blob: async () => null,
});

/** The inline script of `path` run as a browser runs it, in a page opened at that path. */
function runPageScript(path: string, storage: () => string | null) {
  const script = /<script>(.*)<\/script>/.exec(earlyReadsTag(path))?.[1];
  if (!script) throw new Error(`no early reads on ${path}`);
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const window: Record<string, unknown> = {
    location: { href: `${origin}${path}`, pathname: path },
    localStorage: { getItem: storage },
    URL,
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      sent.push({ url, headers: init.headers });
      return Promise.resolve(answer({ url }));
    },
  };
  window.window = window;
  runInNewContext(script, window);
  return { sent, reads: window[earlyReadsProperty] as EarlyRead[] | undefined, script };
}

describe("a page's early reads (its HTML's inline script)", () => {
  it.each(Object.entries(earlyReadsOfPage))(
    '%s sends its reads with the stored token, as the API client would',
    (path, urls) => {
      const { sent, reads, script } = runPageScript(path, () => 'the-token');
      expect(sent.map((read) => read.url)).toEqual(urls);
      for (const read of sent) {
        expect(read.headers.Authorization).toBe('Bearer the-token');
      }
      expect(reads?.map((read) => read.url)).toEqual(urls.map((url) => `${origin}${url}`));
      // The page's CSP lets exactly this script run.
      const hash = createHash('sha256').update(script).digest('base64');
      expect(earlyReadsScriptSources).toContain(`'sha256-${hash}'`);
    },
  );

  it('sends nothing without a stored token, or when the browser refuses its storage', () => {
    expect(runPageScript(routes.summary, () => null).sent).toEqual([]);
    const refused = runPageScript(routes.summary, () => {
      throw new Error('SecurityError');
    });
    expect(refused.sent).toEqual([]);
    expect(refused.reads).toBeUndefined();
  });

  it('is on the pages that read a patient first, and on no other', () => {
    expect(earlyReadsTag(routes.summary)).toMatch(/^<script>.+<\/script>$/);
    expect(earlyReadsTag(routes.myAccount)).toMatch(/^<script>.+<\/script>$/);
    expect(earlyReadsTag(routes.home)).toBe('');
    expect(earlyReadsTag(routes.register)).toBe('');
  });
});

/** The app's side: a page scope holding one early read of the cart for `the-token`. */
function appWith(response: RuntimeResponse | null = answer({ id: 'early' })) {
  const scope: Record<string, unknown> = {
    [earlyReadsProperty]: [
      { url: cartUrl, authorization: 'Bearer the-token', response: Promise.resolve(response) },
    ] satisfies EarlyRead[],
  };
  const sent: string[] = [];
  const send: RuntimeFetch = async (url) => {
    sent.push(url);
    return answer({ id: 'sent' });
  };
  const early = earlyReadsOfPageScope(scope, send);
  let token: string | null = 'the-token';
  const client = createApiClient({
    bases: basesAt(origin),
    tokens: { userToken: () => token, guestToken: () => null, apiKey: () => null },
    fetch: early.fetch,
  });
  return { scope, sent, early, client, signOut: () => (token = null) };
}

describe("the app's first reads take the early answers", () => {
  it("the cart's read takes the early answer once; the next read is sent", async () => {
    const { scope, sent, client } = appWith();
    expect(scope[earlyReadsProperty]).toBeUndefined();
    expect((await client.get(4, 'Cart/GetItemsInCart')).data).toEqual({ id: 'early' });
    expect(sent).toEqual([]);
    expect((await client.get(4, 'Cart/GetItemsInCart')).data).toEqual({ id: 'sent' });
    expect(sent).toEqual([cartUrl]);
  });

  it('a read with another token, to another address or not a GET is sent', async () => {
    const { sent, client, signOut } = appWith();
    await client.get(4, 'User/UserInfo');
    await client.post(4, 'Cart/GetItemsInCart', {});
    signOut();
    await client.get(4, 'Cart/GetItemsInCart');
    expect(sent).toEqual([`${origin}/api/user/User/UserInfo`, cartUrl, cartUrl]);
  });

  it('an early read that got no answer is sent again', async () => {
    const { sent, client } = appWith(null);
    expect((await client.get(4, 'Cart/GetItemsInCart')).data).toEqual({ id: 'sent' });
    expect(sent).toEqual([cartUrl]);
  });

  it('once dropped, nothing is taken', async () => {
    const { sent, client, early } = appWith();
    early.drop();
    expect((await client.get(4, 'Cart/GetItemsInCart')).data).toEqual({ id: 'sent' });
    expect(sent).toEqual([cartUrl]);
  });

  it('are dropped once the first route has loaded, after the task that loaded it', async () => {
    const listeners: ((state: { initialized: boolean }) => void)[] = [];
    const router = {
      state: { initialized: false },
      subscribe: (listener: (state: { initialized: boolean }) => void) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    };
    let dropped = 0;
    dropOnceLoaded(router, () => (dropped += 1));
    router.state.initialized = false;
    for (const listener of [...listeners]) listener(router.state);
    await new Promise((resolve) => setTimeout(resolve));
    expect(dropped).toBe(0);

    router.state.initialized = true;
    for (const listener of [...listeners]) listener(router.state);
    expect(dropped).toBe(0);
    await new Promise((resolve) => setTimeout(resolve));
    expect(dropped).toBe(1);
    expect(listeners).toEqual([]);

    // A route with no loader has loaded at once.
    dropOnceLoaded({ ...router, state: { initialized: true } }, () => (dropped += 1));
    await new Promise((resolve) => setTimeout(resolve));
    expect(dropped).toBe(2);
  });
});
