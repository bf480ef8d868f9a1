import type { CallData, CallDef, CallInput } from '@taleforge/contracts';
import type { TestServer } from './server.js';

export interface EnvelopeResponse<T = unknown> {
  http: number;
  headers: Headers;
  status: number;
  desc: string;
  data: T | null;
  /** The answer as it arrived, after any content-encoding: for tests that compare the bytes. */
  text: string;
}

interface SendOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Defaults to a fixed visitor id; pass null to leave df_id out. */
  dfId?: string | null;
  lang?: string;
}

export interface CallOptions extends SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Written into the query string as text; undefined values are left out. */
  query?: Record<string, unknown>;
  /** Sent as JSON unless it is already a string (for malformed bodies) or bytes (uploads). */
  body?: unknown;
}

/** What a typed call takes: its query and body exactly as the contract's request schemas read. */
export type ApiOptions<C extends CallDef> = SendOptions & CallInput<C>;

export interface RawOptions extends CallOptions {
  /** Query text put on the path as it is, for repeated or odd parameters: `?email=a&email=b`. */
  search?: string;
}

type ApiArgs<C extends CallDef> =
  Record<never, never> extends ApiOptions<C> ? [options?: ApiOptions<C>] : [options: ApiOptions<C>];

/**
 * A call as the browser makes it, typed from its contract: the query and body are the call's
 * request schemas' input, the answer's data its data schema's output. Renaming a field in a
 * contract breaks every test that sends or reads it at compile time.
 */
export function api<C extends CallDef>(
  server: Pick<TestServer, 'url'>,
  def: C,
  ...[options]: ApiArgs<C>
): Promise<EnvelopeResponse<CallData<C>>> {
  return call<CallData<C>>(server, def.path, { ...(options as CallOptions), method: def.method });
}

/**
 * The escape hatch for input the contract refuses on purpose (malformed bodies, unknown fields,
 * a wrong method): still named by its call, but the query and body are anything and the data is
 * unknown, to be checked by the test.
 */
export function apiRaw(
  server: Pick<TestServer, 'url'>,
  def: CallDef,
  { search = '', ...options }: RawOptions = {},
): Promise<EnvelopeResponse<unknown>> {
  return call(server, `${def.path}${search}`, { method: def.method, ...options });
}

/** A server reached by its base URL (origin and product prefix), e.g. one run as its own process. */
export function serverAt(base: string): Pick<TestServer, 'url'> {
  return {
    url(path, query = {}) {
      const url = new URL(`${base}${path}`);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return url.toString();
    },
  };
}

/**
 * The path and query of a call for `app.inject`, which sends what fetch will not (a NUL in a
 * header, a forged Host).
 */
export function injectUrl(
  server: Pick<TestServer, 'url'>,
  def: CallDef,
  query: Record<string, string>,
): string {
  const url = new URL(server.url(def.path, query));
  return `${url.pathname}${url.search}`;
}

/**
 * A request to any path under the product prefix, for routes that are not calls in the
 * contracts (health, the SPA, webhooks) and for paths no call has. Lang and df_id go in the
 * query, the envelope comes back.
 */
export async function call<T = unknown>(
  server: Pick<TestServer, 'url'>,
  path: string,
  options: CallOptions = {},
): Promise<EnvelopeResponse<T>> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) query[name] = String(value);
  }
  if (options.dfId !== null) query.df_id = options.dfId ?? 'v_testdevice';
  if (options.lang !== undefined) query.lang = options.lang;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  let body: string | Uint8Array | undefined;
  if (options.body instanceof Uint8Array) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const res = await fetch(server.url(path, query), { method, headers, body });
  const text = await res.text();
  const json = text ? (JSON.parse(text) as { status: number; desc: string; data: T | null }) : null;
  return {
    http: res.status,
    headers: res.headers,
    status: json?.status ?? 0,
    desc: json?.desc ?? '',
    data: json?.data ?? null,
    text,
  };
}
