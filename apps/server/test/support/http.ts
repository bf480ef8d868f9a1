import type { TestServer } from './server.js';

export interface EnvelopeResponse<T = unknown> {
  http: number;
  headers: Headers;
  status: number;
  desc: string;
  data: T | null;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string>;
  /** Sent as JSON unless it is already a string (for malformed bodies). */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Defaults to a fixed visitor id; pass null to leave df_id out. */
  dfId?: string | null;
  lang?: string;
}

/** A call as the browser makes it: lang and df_id in the query, envelope back. */
export async function call<T = unknown>(
  server: TestServer,
  path: string,
  options: CallOptions = {},
): Promise<EnvelopeResponse<T>> {
  const query: Record<string, string> = { ...options.query };
  if (options.dfId !== null) query.df_id = options.dfId ?? 'v_testdevice';
  if (options.lang !== undefined) query.lang = options.lang;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  let body: string | undefined;
  if (options.body !== undefined) {
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
  };
}
