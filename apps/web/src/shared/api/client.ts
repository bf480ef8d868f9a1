import { ApiError, type ApiErrorKind, isLoginRequiredStatus } from '@taleforge/browser/api-error';
import type { CallBodyInput, CallData, CallDef, CallQueryInput } from '@taleforge/contracts';
import { ACCEPT_LANGUAGE, LIMITS, type Locale } from '@taleforge/contracts/constants';

/**
 * A call's method and path, tied at compile time to its contract so a typo in either fails the
 * typecheck while the contract's zod schemas stay out of the bundle.
 */
export type Endpoint<C extends CallDef> = Pick<C, 'method' | 'path'> & { readonly __call?: C };

export const endpoint = <C extends CallDef>(call: Pick<C, 'method' | 'path'>): Endpoint<C> => call;

export type RequestOptions<C extends CallDef> = {
  query?: CallQueryInput<C>;
  body?: CallBodyInput<C>;
  /** A file sent as the body's raw bytes (an avatar), for calls whose contract has no JSON body. */
  raw?: Blob;
  signal?: AbortSignal;
  /** No toast on failure: for background calls the user did not ask for (analytics). */
  quiet?: boolean;
  /** The request outlives the page (a report sent just before a reload or a tab closes). */
  keepalive?: boolean;
};

export type ClientDeps = {
  basePath: string;
  getLocale: () => Locale;
  getVisitorId: () => string | null;
  getToken: () => string | null;
  onNetworkError: () => void;
  onLoginRequired: (status: number) => void;
  /** Looked up per request so tests can stub the global. */
  fetch?: () => typeof fetch;
  timeoutMs?: number;
};

/** The login call is the one call that must not carry a stale token (SPEC §7). */
const LOGIN_PATH = '/api/v1/login';

type Envelope = { status: number; desc?: string; data?: unknown };

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && typeof (value as Envelope).status === 'number';

export function buildUrl(basePath: string, path: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${basePath}${path}${search ? `?${search}` : ''}`;
}

export function createApiClient(deps: ClientDeps) {
  const timeoutMs = deps.timeoutMs ?? LIMITS.requestTimeoutMs;
  const getFetch = deps.fetch ?? (() => globalThis.fetch);

  async function request<C extends CallDef>(
    call: Endpoint<C>,
    options: RequestOptions<C> = {},
  ): Promise<CallData<C>> {
    const locale = deps.getLocale();
    const url = buildUrl(deps.basePath, call.path, {
      ...(options.query as Record<string, unknown> | undefined),
      // Set last: every request carries the real locale and visitor id, whatever the caller passed.
      lang: locale,
      df_id: deps.getVisitorId() ?? undefined,
    });
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': ACCEPT_LANGUAGE[locale],
    };
    const token = deps.getToken();
    if (token && call.path !== LOGIN_PATH) headers.Authorization = token;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    // The server reads the bytes, not the label: the file's own type is not trusted either way.
    if (options.raw) headers['Content-Type'] = 'application/octet-stream';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    options.signal?.addEventListener('abort', forwardAbort);

    const fail = (kind: ApiErrorKind, status = 0): never => {
      if (!options.quiet) deps.onNetworkError();
      throw new ApiError(status, '', kind);
    };

    let envelope: unknown;
    try {
      let response: Response;
      try {
        response = await getFetch()(url, {
          method: call.method,
          headers,
          body:
            options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
          signal: controller.signal,
          ...(options.keepalive ? { keepalive: true } : {}),
        });
      } catch (error) {
        // The caller gave up (e.g. a query was cancelled): not a failure worth a toast.
        if (options.signal?.aborted && !timedOut) throw error;
        return fail(timedOut ? 'timeout' : 'network');
      }
      if (!response.ok) return fail('http', response.status);
      try {
        envelope = await response.json();
      } catch {
        return fail(timedOut ? 'timeout' : 'network');
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }

    if (!isEnvelope(envelope)) return fail('network');
    if (envelope.status === 200) return envelope.data as CallData<C>;
    if (isLoginRequiredStatus(envelope.status)) deps.onLoginRequired(envelope.status);
    throw new ApiError(envelope.status, envelope.desc ?? '', 'status');
  }

  /**
   * A call answered with Server-Sent Events over POST (the chat send): each event is handed to
   * `onEvent` as it arrives. A refusal arrives as an envelope instead and is thrown like
   * `request` does. The timeout covers only the wait for the answer to begin; a stream may run
   * as long as the server keeps it open.
   */
  async function stream<C extends CallDef>(
    call: Endpoint<C>,
    options: RequestOptions<C>,
    onEvent: (name: string, data: unknown) => void,
  ): Promise<void> {
    const locale = deps.getLocale();
    const url = buildUrl(deps.basePath, call.path, {
      lang: locale,
      df_id: deps.getVisitorId() ?? undefined,
    });
    const headers: Record<string, string> = {
      Accept: 'text/event-stream, application/json',
      'Accept-Language': ACCEPT_LANGUAGE[locale],
      'Content-Type': 'application/json',
    };
    const token = deps.getToken();
    if (token) headers.Authorization = token;
    const controller = new AbortController();
    const forwardAbort = () => controller.abort();
    options.signal?.addEventListener('abort', forwardAbort);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const fail = (kind: ApiErrorKind, status = 0): never => {
      if (!options.quiet) deps.onNetworkError();
      throw new ApiError(status, '', kind);
    };
    try {
      let response: Response;
      try {
        response = await getFetch()(url, {
          method: call.method,
          headers,
          body: JSON.stringify(options.body ?? {}),
          signal: controller.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        return fail('network');
      } finally {
        clearTimeout(timer);
      }
      if (!response.ok) return fail('http', response.status);
      if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
        const envelope: unknown = await response.json().catch(() => null);
        if (!isEnvelope(envelope)) return fail('network');
        if (isLoginRequiredStatus(envelope.status)) deps.onLoginRequired(envelope.status);
        throw new ApiError(envelope.status, envelope.desc ?? '', 'status');
      }
      await readEvents(response, onEvent);
    } finally {
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  return { request, stream };
}

/**
 * Hands on each named event of an SSE body, its `data` read as JSON. The parser follows the
 * EventSource rules: any line ending, `data:` lines joined, comments and `retry:` skipped.
 */
async function readEvents(response: Response, onEvent: (name: string, data: unknown) => void) {
  // Only a chat reply streams: the parser is fetched with the first one, not with every page.
  const { EventSourceParserStream } = await import('eventsource-parser/stream');
  const reader = response
    .body!.pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (value.event && value.data) onEvent(value.event, JSON.parse(value.data));
  }
}

export type ApiClient = ReturnType<typeof createApiClient>;
