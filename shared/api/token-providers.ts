import type { Credentials } from './modes';
import { type KeyValueStorage, storageKeys } from './storage-keys';

/** Where the client finds its credentials at the moment of each request. */
export interface TokenProviders {
  userToken(): string | null;
  guestToken(): string | null;
  apiKey(): string | null;
}

export function readCredentials(providers: TokenProviders): Credentials {
  return {
    userToken: providers.userToken(),
    guestToken: providers.guestToken(),
    apiKey: providers.apiKey(),
  };
}

/**
 * Token providers backed by browser storage for the user token (key `token`), by memory for
 * the guest token (it is re-obtained with AccessTokenAdmin when lost), and by configuration
 * for the api key.
 */
export interface StoredTokens extends TokenProviders {
  setUserToken(token: string | null): void;
  setGuestToken(token: string | null): void;
}

export function createStoredTokens(storage: KeyValueStorage, apiKey: string | null): StoredTokens {
  let guestToken: string | null = null;
  return {
    userToken: () => storage.getItem(storageKeys.token),
    guestToken: () => guestToken,
    apiKey: () => apiKey,
    setUserToken(token) {
      if (token) storage.setItem(storageKeys.token, token);
      else storage.removeItem(storageKeys.token);
    },
    setGuestToken(token) {
      guestToken = token;
    },
  };
}
