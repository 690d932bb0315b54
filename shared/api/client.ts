import axios, { type AxiosInstance, type AxiosRequestConfig, isAxiosError } from 'axios';
import { ApiError } from './api-error';
import type { ApiBases } from './bases';
import { createLoadingCounter, type LoadingCounter } from './loading-counter';
import { type HttpMethod, payloadPlacement, type RequestMode, resolveRequest } from './modes';
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
  signal?: AxiosRequestConfig['signal'];
  /** Read the answer as bytes (a Blob in a browser), not as an envelope: a file download. */
  binary?: boolean;
}

export interface ApiClientOptions {
  bases: ApiBases;
  tokens: TokenProviders;
  /** The transport; a fresh axios instance when not given. */
  transport?: AxiosInstance;
  loading?: LoadingCounter;
  /** Called on a 401 so the app can drop its session and show the login drawer. */
  onUnauthenticated?: () => void;
  /** Each request result dispatches a success or failure action (spec §4). */
  onResult?: (action: ResultAction) => void;
  timeoutMs?: number;
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

export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = options.transport ?? axios.create();
  const loading = options.loading ?? createLoadingCounter();

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
    const config: AxiosRequestConfig = {
      method,
      url: resolved.url,
      headers: { ...resolved.headers, ...requestOptions.headers },
      timeout: options.timeoutMs ?? 30_000,
      signal: requestOptions.signal,
      // Every status is read here, so that one place maps failures.
      validateStatus: () => true,
      ...(requestOptions.binary ? { responseType: 'blob' as const } : {}),
    };
    if (payload !== undefined) {
      if (requestOptions.form) {
        config.data = toFormData(payload);
        (config.headers as Record<string, string>)['Content-Type'] =
          'application/x-www-form-urlencoded';
      } else if (isFormData(payload)) {
        // A file upload: the runtime writes the multipart type with its boundary.
        config.data = payload;
        delete (config.headers as Record<string, string>)['Content-Type'];
      } else if (payloadPlacement(mode, method) === 'body') {
        config.data = payload;
      } else {
        config.params = payload;
      }
    }

    loading.begin();
    try {
      const response = await transport.request(config).catch((error: unknown) => {
        if (isAxiosError(error) && error.response) return error.response;
        throw ApiError.connection(null);
      });
      const { status, data: body } = response;
      if (status === 500) throw ApiError.connection(status, body);
      if (status < 200 || status >= 300) {
        if (status === 401) options.onUnauthenticated?.();
        throw ApiError.failed(status, body);
      }
      const result: ApiResult<T> = requestOptions.binary
        ? { data: body as T, message: null, status, raw: body }
        : readEnvelope<T>(method, body);
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

function readEnvelope<T>(method: HttpMethod, body: unknown): ApiResult<T> {
  const envelope = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const message = typeof envelope.Message === 'string' ? envelope.Message : null;
  const status = typeof envelope.status === 'number' ? envelope.status : null;
  if (method === 'get') return { data: envelope.Data as T, message, status, raw: body };
  return { data: body as T, message, status, raw: body };
}

/** Form data as the spec's auth calls send it (urlencoded); arrays repeat their key with `[]`. */
export function toFormData(payload: unknown): string {
  if (!payload || typeof payload !== 'object') return '';
  const pairs: string[] = [];
  const add = (key: string, value: unknown) =>
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value) add(name, item);
    } else {
      add(key, value);
    }
  }
  return pairs.join('&');
}

/** A FormData of the runtime (browser or Node), which the shared core does not type. */
function isFormData(payload: unknown): boolean {
  const FormDataOfRuntime = (globalThis as { FormData?: abstract new () => object }).FormData;
  return FormDataOfRuntime !== undefined && payload instanceof FormDataOfRuntime;
}
