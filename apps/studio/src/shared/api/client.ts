import { ApiError, type ApiErrorKind, isLoginRequiredStatus } from '@taleforge/browser/api-error';
import type { CallBodyInput, CallData, CallDef, CallQueryInput } from '@taleforge/contracts';
import { ACCEPT_LANGUAGE, LIMITS, type Locale } from '@taleforge/contracts/constants';

/**
 * A call's method and path, tied at compile time to its contract so a typo fails the typecheck
 * while the contract's zod schemas stay out of the bundle (as in the player site).
 */
export type Endpoint<C extends CallDef> = Pick<C, 'method' | 'path'> & { readonly __call?: C };

export const endpoint = <C extends CallDef>(call: Pick<C, 'method' | 'path'>): Endpoint<C> => call;

export type RequestOptions<C extends CallDef> = {
  query?: CallQueryInput<C>;
  body?: CallBodyInput<C>;
  /** A file sent as the body's raw bytes (a cover, an expression, an import). */
  raw?: Blob;
  signal?: AbortSignal;
};

export type ClientDeps = {
  /** The player site's API (another origin: every call is a CORS request). */
  apiBase: string;
  getLocale: () => Locale;
  getVisitorId: () => string;
  getToken: () => string | null;
  onLoginRequired: (status: number) => void;
  fetch?: () => typeof fetch;
  timeoutMs?: number;
};

/** The login call is the one call that must not carry a stale token (SPEC §7). */
const LOGIN_PATH = '/api/v1/login';

type Envelope = { status: number; desc?: string; data?: unknown };

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && typeof (value as Envelope).status === 'number';

export function buildUrl(base: string, path: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

export function createApiClient(deps: ClientDeps) {
  const timeoutMs = deps.timeoutMs ?? LIMITS.requestTimeoutMs;
  const getFetch = deps.fetch ?? (() => globalThis.fetch);

  function prepare(path: string, query: Record<string, unknown> | undefined) {
    const locale = deps.getLocale();
    const url = buildUrl(deps.apiBase, path, {
      ...query,
      // Set last: every request carries the real locale and device id, whatever the caller passed.
      lang: locale,
      df_id: deps.getVisitorId(),
    });
    const headers: Record<string, string> = { 'Accept-Language': ACCEPT_LANGUAGE[locale] };
    const token = deps.getToken();
    if (token && path !== LOGIN_PATH) headers.Authorization = token;
    return { url, headers };
  }

  /** Fetches with the request timeout; a network failure or timeout becomes an ApiError. */
  async function send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort);
    try {
      const response = await getFetch()(url, { ...init, signal: controller.signal });
      if (!response.ok) throw new ApiError(response.status, '', 'http');
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal?.aborted && !timedOut) throw error;
      throw new ApiError(0, '', (timedOut ? 'timeout' : 'network') satisfies ApiErrorKind);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function request<C extends CallDef>(
    call: Endpoint<C>,
    options: RequestOptions<C> = {},
  ): Promise<CallData<C>> {
    const { url, headers } = prepare(
      call.path,
      options.query as Record<string, unknown> | undefined,
    );
    headers.Accept = 'application/json';
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    // The server reads the bytes, not the label.
    if (options.raw) headers['Content-Type'] = 'application/octet-stream';
    const body =
      options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await send(url, { method: call.method, headers, body }, options.signal);
    const envelope: unknown = await response.json().catch(() => null);
    if (!isEnvelope(envelope)) throw new ApiError(0, '', 'network');
    if (envelope.status === 200) return envelope.data as CallData<C>;
    if (isLoginRequiredStatus(envelope.status)) deps.onLoginRequired(envelope.status);
    throw new ApiError(envelope.status, envelope.desc ?? '', 'status');
  }

  /**
   * A file answer (an export): the bytes and the name the server gave them. A refusal still comes
   * as an envelope, thrown like `request` does.
   */
  async function download(
    path: string,
    query: Record<string, unknown>,
  ): Promise<{ blob: Blob; name: string | null }> {
    const { url, headers } = prepare(path, query);
    const response = await send(url, { method: 'GET', headers });
    // A file comes as an attachment, whatever its type (a character card is JSON); an answer
    // without one is an envelope. The body is read once, as bytes.
    const blob = await response.blob();
    const disposition = response.headers.get('content-disposition') ?? '';
    if (!/^\s*attachment/i.test(disposition)) {
      const envelope: unknown = await blob
        .text()
        .then((text) => JSON.parse(text))
        .catch(() => null);
      if (!isEnvelope(envelope)) throw new ApiError(0, '', 'network');
      if (isLoginRequiredStatus(envelope.status)) deps.onLoginRequired(envelope.status);
      throw new ApiError(envelope.status, envelope.desc ?? '', 'status');
    }
    const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { blob, name: name ? decodeURIComponent(name) : null };
  }

  return { request, download };
}

export type ApiClient = ReturnType<typeof createApiClient>;
