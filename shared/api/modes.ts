import { type ApiBases, joinUrl } from './bases';

/**
 * The request modes of spec §7. The integer chooses the base address and the headers:
 * - 1, 5, 6, 7, 8, 9: the URL is taken as given (a full URL);
 * - 4: the path is put under the user-service base;
 * - any other (2, 3): the path is put under the config-service base.
 * Modes 3 and 6 send the api-key header; 4, 5, 7 the bearer user token; 8, 9 the bearer
 * user token, else the guest token. Modes 7 and 9 send the payload as the body on every verb.
 */
export const requestModes = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type RequestMode = (typeof requestModes)[number];

export type BaseChoice = 'full-url' | 'user-service' | 'config-service';
export type AuthChoice = 'none' | 'api-key' | 'user-token' | 'user-else-guest-token';

export const API_KEY_HEADER = 'x-api-key';

export function baseOfMode(mode: RequestMode): BaseChoice {
  switch (mode) {
    case 1:
    case 5:
    case 6:
    case 7:
    case 8:
    case 9:
      return 'full-url';
    case 4:
      return 'user-service';
    case 2:
    case 3:
      return 'config-service';
  }
}

export function authOfMode(mode: RequestMode): AuthChoice {
  switch (mode) {
    case 3:
    case 6:
      return 'api-key';
    case 4:
    case 5:
    case 7:
      return 'user-token';
    case 8:
    case 9:
      return 'user-else-guest-token';
    case 1:
    case 2:
      return 'none';
  }
}

/** Modes 7 and 9 send the payload as the body, on GET and DELETE too. */
export function modeSendsPayloadAsBody(mode: RequestMode): boolean {
  return mode === 7 || mode === 9;
}

export type HttpMethod = 'get' | 'put' | 'patch' | 'post' | 'delete';

/** Where a payload goes: POST, PUT and PATCH always carry it as the body; GET and
 * DELETE carry it as the body only in modes 7 and 9, and as query parameters otherwise. */
export function payloadPlacement(mode: RequestMode, method: HttpMethod): 'body' | 'query' {
  if (method === 'post' || method === 'put' || method === 'patch') return 'body';
  return modeSendsPayloadAsBody(mode) ? 'body' : 'query';
}

export interface Credentials {
  userToken: string | null;
  guestToken: string | null;
  apiKey: string | null;
}

export interface ResolvedRequest {
  url: string;
  headers: Record<string, string>;
}

/** Resolves the URL and headers of a request in a given mode. */
export function resolveRequest(
  mode: RequestMode,
  urlOrPath: string,
  bases: ApiBases,
  credentials: Credentials,
): ResolvedRequest {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const url = resolveUrl(mode, urlOrPath, bases);
  const auth = authOfMode(mode);
  switch (auth) {
    case 'api-key':
      if (credentials.apiKey) headers[API_KEY_HEADER] = credentials.apiKey;
      break;
    case 'user-token':
      if (credentials.userToken) headers.Authorization = `Bearer ${credentials.userToken}`;
      break;
    case 'user-else-guest-token': {
      const token = credentials.userToken ?? credentials.guestToken;
      if (token) headers.Authorization = `Bearer ${token}`;
      break;
    }
    case 'none':
      break;
  }
  return { url, headers };
}

function resolveUrl(mode: RequestMode, urlOrPath: string, bases: ApiBases): string {
  const base = baseOfMode(mode);
  switch (base) {
    case 'full-url':
      return urlOrPath;
    case 'user-service':
      return joinUrl(bases.user, urlOrPath);
    case 'config-service':
      return joinUrl(bases.config, urlOrPath);
  }
}
