/** Plain HTTP calls against the running app, as any client would make them. */
export interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string | null;
  apiKey?: string | null;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded (arrays repeat `key[]`). */
  form?: Record<string, string | string[] | undefined>;
  json?: unknown;
  /** Raw body with its own content type (for hostile-input tests). */
  raw?: { body: string; contentType: string };
}

export async function call<T = EnvelopeBody>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  let body: string | undefined;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) form.append(key, item);
      else form.append(key, value);
    }
    body = form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.raw) {
    body = options.raw.body;
    headers['content-type'] = options.raw.contentType;
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever Data a route answers
export interface EnvelopeBody<T = any> {
  Data: T;
  Message: string;
  status: number;
  errors?: Record<string, string>;
  requestId?: string;
}
