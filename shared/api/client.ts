import { ApiError } from './api-error';
import type { ApiBases } from './bases';
import { createLoadingCounter, type LoadingCounter } from './loading-counter';
import { type HttpMethod, payloadPlacement, type RequestMode, resolveRequest } from './modes';
import {
  deadlineSignal,
  type RuntimeFetch,
  type RuntimeResponse,
  type RuntimeSignal,
  runtimeFetch,
} from './runtime-fetch';
import { readCredentials, type TokenProviders } from './token-providers';

/** What a call resolves with. GET reads `Data`, `Message`, `status` of the envelope;
 * POST, PUT, PATCH and DELETE hand back the whole body as `data` (spec §7). */
export interface ApiResult<T> {
  data: T;
  message: string | null;
  status: number | null;
  /** The body as the server sent it (for the few answers without the envelope). */
  raw: unknown;
}

export type ResultStatus = 'SUCCESS' | 'FAILURE';

export interface ResultAction {
  method: HttpMethod;
  url: string;
  status: ResultStatus;
  error?: ApiError;
}

export interface RequestOptions {
  /** Send the payload as form data (application/x-www-form-urlencoded), as the auth calls do. */
  form?: boolean;
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: RuntimeSignal | undefined;
  /** Read the answer as bytes (a Blob in a browser), not as an envelope: a file download. */
  binary?: boolean;
}

export interface ApiClientOptions {
  bases: ApiBases;
  tokens: TokenProviders;
  loading?: LoadingCounter;
  /** Called on a 401 so the app can drop its session and show the login drawer. */
  onUnauthenticated?: () => void;
  /** Each request result dispatches a success or failure action (spec §4). */
  onResult?: (action: ResultAction) => void;
  timeoutMs?: number;
  /** What sends the requests: the runtime's `fetch` unless given. */
  fetch?: RuntimeFetch;
}

export interface ApiClient {
  readonly bases: ApiBases;
  readonly loading: LoadingCounter;
  get<T = unknown>(
    mode: RequestMode,
    url: string,
    payload?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResult<T>>;
  delete<T = unknown>(
    mode: RequestMode,
    url: string,
    payload?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResult<T>>;
  post<T = unknown>(
    mode: RequestMode,
    url: string,
    payload?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResult<T>>;
  put<T = unknown>(
    mode: RequestMode,
    url: string,
    payload?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResult<T>>;
  patch<T = unknown>(
    mode: RequestMode,
    url: string,
    payload?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResult<T>>;
}

/**
 * The client of both apps over the runtime's `fetch` (the browser's, Electron's, Node's): one
 * place that resolves a request's mode (spec §7), sends it, and maps every answer and failure.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const loading = options.loading ?? createLoadingCounter();
  const send = options.fetch ?? runtimeFetch;

  async function request<T>(
    method: HttpMethod,
    mode: RequestMode,
    urlOrPath: string,
    payload: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const resolved = resolveRequest(
      mode,
      urlOrPath,
      options.bases,
      readCredentials(options.tokens),
    );
    const headers: Record<string, string> = {
      Accept: 'application/json, text/plain, */*',
      ...resolved.headers,
      ...requestOptions.headers,
    };
    let url = resolved.url;
    let body: string | object | undefined;
    if (payload !== undefined) {
      if (requestOptions.form) {
        body = toFormData(payload);
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
      } else if (isFormData(payload)) {
        body = payload as object;
      } else if (payloadPlacement(mode, method) === 'query') {
        url = withQuery(url, payload);
      } else if (method !== 'get') {
        // A GET carries no body over HTTP (a browser drops it, as XMLHttpRequest did).
        body = JSON.stringify(payload);
      }
    }
    // The mode's JSON type stays on a JSON or form body only: a file upload's multipart type
    // is the runtime's to write (with its boundary), and a server reads an empty body typed
    // as JSON as a bad request.
    if (body === undefined || isFormData(body)) delete headers['Content-Type'];
    const signal = deadlineSignal(options.timeoutMs ?? 30_000, requestOptions.signal);

    loading.begin();
    try {
      const response = await send(url, {
        method: method.toUpperCase(),
        headers,
        body,
        signal,
      }).catch(() => {
        throw ApiError.connection(null);
      });
      const { status } = response;
      const answer = requestOptions.binary
        ? await response.blob().catch(() => {
            throw ApiError.connection(null);
          })
        : await readBody(response);
      if (status === 500) throw ApiError.connection(status, answer);
      if (status < 200 || status >= 300) {
        if (status === 401) options.onUnauthenticated?.();
        throw ApiError.failed(status, answer);
      }
      const result: ApiResult<T> = requestOptions.binary
        ? { data: answer as T, message: null, status, raw: answer }
        : readEnvelope<T>(method, answer);
      options.onResult?.({ method, url: resolved.url, status: 'SUCCESS' });
      return result;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : ApiError.connection(null);
      options.onResult?.({ method, url: resolved.url, status: 'FAILURE', error: apiError });
      throw apiError;
    } finally {
      loading.end();
    }
  }

  return {
    bases: options.bases,
    loading,
    get: (mode, url, payload, opts) => request('get', mode, url, payload, opts),
    delete: (mode, url, payload, opts) => request('delete', mode, url, payload, opts),
    post: (mode, url, payload, opts) => request('post', mode, url, payload, opts),
    put: (mode, url, payload, opts) => request('put', mode, url, payload, opts),
    patch: (mode, url, payload, opts) => request('patch', mode, url, payload, opts),
  };
}

/** The body as JSON when it is JSON, else its text (an empty body is ''). */
async function readBody(response: RuntimeResponse): Promise<unknown> {
  const text = await response.text().catch(() => {
    throw ApiError.connection(null);
  });
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The payload as query parameters after the URL's own, encoded as form data is. */
export function withQuery(url: string, payload: unknown): string {
  const query = toFormData(payload);
  if (query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function readEnvelope<T>(method: HttpMethod, body: unknown): ApiResult<T> {
  const envelope = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const message = typeof envelope.Message === 'string' ? envelope.Message : null;
  const status = typeof envelope.status === 'number' ? envelope.status : null;
  if (method === 'get') return { data: envelope.Data as T, message, status, raw: body };
  return { data: body as T, message, status, raw: body };
}

/**
 * Form data as the spec's auth calls send it (urlencoded), and query parameters alike: nulls
 * left out, arrays repeating their key with `[]`, dates in ISO form, nested objects as
 * `key[field]`.
 */
export function toFormData(payload: unknown): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value) add(name, item);
    } else if (value instanceof Date) {
      add(key, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [field, inner] of Object.entries(value)) add(`${key}[${field}]`, inner);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  if (payload && typeof payload === 'object') {
    for (const [key, value] of Object.entries(payload)) add(key, value);
  }
  return pairs.join('&');
}

/** A FormData of the runtime (browser or Node), which the shared core does not type. */
function isFormData(payload: unknown): boolean {
  const FormDataOfRuntime = (globalThis as { FormData?: abstract new () => object }).FormData;
  return FormDataOfRuntime !== undefined && payload instanceof FormDataOfRuntime;
}
