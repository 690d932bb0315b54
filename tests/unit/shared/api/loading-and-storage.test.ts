import { describe, expect, it } from 'vitest';
import { createLoadingCounter } from '../../../../shared/api/loading-counter';
import { createMemoryStorage, storageKeys } from '../../../../shared/api/storage-keys';
import { createStoredTokens } from '../../../../shared/api/token-providers';

describe('loading counter (spec §4)', () => {
  it('turns on with the first request and off with the last', () => {
    const counter = createLoadingCounter();
    const seen: boolean[] = [];
    counter.subscribe((on) => seen.push(on));
    counter.begin();
    counter.begin();
    counter.end();
    expect(counter.loading).toBe(true);
    counter.end();
    expect(counter.loading).toBe(false);
    counter.end(); // an extra end never goes negative
    expect(counter.active).toBe(0);
    expect(seen).toEqual([true, false]);
  });

  it('unsubscribes', () => {
    const counter = createLoadingCounter();
    const seen: boolean[] = [];
    const stop = counter.subscribe((on) => seen.push(on));
    stop();
    counter.begin();
    expect(seen).toEqual([]);
  });
});

describe('browser storage keys (spec §3)', () => {
  it('are exactly the spec keys', () => {
    expect(Object.values(storageKeys).sort()).toEqual(
      ['GUID', 'guestOrderId', 'guestOrderIdTimestamp', 'guid', 'token', 'useidk'].sort(),
    );
  });

  it('keeps the user token under "token" and the guest token in memory only', () => {
    const storage = createMemoryStorage();
    const tokens = createStoredTokens(storage, 'KEY');
    tokens.setUserToken('abc');
    tokens.setGuestToken('guest');
    expect(storage.getItem('token')).toBe('abc');
    expect(tokens.userToken()).toBe('abc');
    expect(tokens.guestToken()).toBe('guest');
    expect(tokens.apiKey()).toBe('KEY');
    tokens.setUserToken(null);
    expect(storage.getItem('token')).toBeNull();
  });
});
