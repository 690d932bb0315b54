import { describe, expect, it } from 'vitest';
import { basesAt } from '../../../../shared/api/bases';
import {
  API_KEY_HEADER,
  authOfMode,
  baseOfMode,
  type Credentials,
  modeSendsPayloadAsBody,
  payloadPlacement,
  type RequestMode,
  requestModes,
  resolveRequest,
} from '../../../../shared/api/modes';

const bases = basesAt('http://api.test');

// Spec §7: "1, 5, 6, 7, 8, 9 full URL as given; 4 user-service base; otherwise config-service
// base. Modes 3 and 6 send the api-key header; 4, 5, 7 the bearer user token; 8, 9 the bearer
// user token, else the guest token. Modes 7 and 9 send the payload as body."
const modeTable: [RequestMode, string, string, boolean][] = [
  [1, 'full-url', 'none', false],
  [2, 'config-service', 'none', false],
  [3, 'config-service', 'api-key', false],
  [4, 'user-service', 'user-token', false],
  [5, 'full-url', 'user-token', false],
  [6, 'full-url', 'api-key', false],
  [7, 'full-url', 'user-token', true],
  [8, 'full-url', 'user-else-guest-token', false],
  [9, 'full-url', 'user-else-guest-token', true],
];

const everything: Credentials = { userToken: 'USER', guestToken: 'GUEST', apiKey: 'KEY' };
const guestOnly: Credentials = { userToken: null, guestToken: 'GUEST', apiKey: 'KEY' };
const nothing: Credentials = { userToken: null, guestToken: null, apiKey: null };

describe('request modes (spec §7)', () => {
  it('covers modes 1 to 9', () => {
    expect([...requestModes]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it.each(modeTable)('mode %i: base %s, auth %s, body %s', (mode, base, auth, body) => {
    expect(baseOfMode(mode)).toBe(base);
    expect(authOfMode(mode)).toBe(auth);
    expect(modeSendsPayloadAsBody(mode)).toBe(body);
  });

  const expectedUrl: Record<string, string> = {
    'full-url': 'http://elsewhere.test/x/Thing',
    'user-service': 'http://api.test/api/user/x/Thing',
    'config-service': 'http://api.test/api/config/x/Thing',
  };

  it.each(modeTable)('mode %i resolves the URL under its base', (mode, base) => {
    const path = base === 'full-url' ? 'http://elsewhere.test/x/Thing' : 'x/Thing';
    expect(resolveRequest(mode, path, bases, everything).url).toBe(expectedUrl[base]);
  });

  const headerCases: [RequestMode, Credentials, Record<string, string>][] = [];
  for (const [mode, , auth] of modeTable) {
    for (const credentials of [everything, guestOnly, nothing]) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (auth === 'api-key' && credentials.apiKey) headers[API_KEY_HEADER] = credentials.apiKey;
      if (auth === 'user-token' && credentials.userToken) {
        headers.Authorization = `Bearer ${credentials.userToken}`;
      }
      if (auth === 'user-else-guest-token') {
        const token = credentials.userToken ?? credentials.guestToken;
        if (token) headers.Authorization = `Bearer ${token}`;
      }
      headerCases.push([mode, credentials, headers]);
    }
  }

  it.each(headerCases)('mode %i with %o sends %o', (mode, credentials, headers) => {
    expect(resolveRequest(mode, 'p', bases, credentials).headers).toEqual(headers);
  });

  it('sends the guest token in modes 8 and 9 only when there is no user token', () => {
    expect(resolveRequest(8, 'u', bases, guestOnly).headers.Authorization).toBe('Bearer GUEST');
    expect(resolveRequest(9, 'u', bases, everything).headers.Authorization).toBe('Bearer USER');
    expect(resolveRequest(7, 'u', bases, guestOnly).headers.Authorization).toBeUndefined();
    expect(resolveRequest(4, 'u', bases, guestOnly).headers.Authorization).toBeUndefined();
  });

  it('never sends the api key outside modes 3 and 6', () => {
    for (const mode of requestModes) {
      const sent = API_KEY_HEADER in resolveRequest(mode, 'u', bases, everything).headers;
      expect(sent).toBe(mode === 3 || mode === 6);
    }
  });

  it.each([
    [7, 'get', 'body'],
    [9, 'delete', 'body'],
    [1, 'get', 'query'],
    [8, 'delete', 'query'],
    [1, 'post', 'body'],
    [4, 'put', 'body'],
    [5, 'patch', 'body'],
  ] as const)('mode %i %s carries the payload as %s', (mode, method, placement) => {
    expect(payloadPlacement(mode, method)).toBe(placement);
  });
});
