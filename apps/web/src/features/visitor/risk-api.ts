import type { riskDeviceCall, riskKeyCall } from '@taleforge/contracts';
import { ACCEPT_LANGUAGE, LIMITS, type Locale } from '@taleforge/contracts/constants';
import { buildUrl, endpoint } from '../../shared/api/client';

const riskKey = endpoint<typeof riskKeyCall>({ method: 'GET', path: '/api/v1/risk/key' });
const riskDevice = endpoint<typeof riskDeviceCall>({ method: 'POST', path: '/api/v1/risk/device' });

export type RiskKey = { kid: string; spki: string };
export type RiskDeviceBody = {
  kid: string;
  key: string;
  iv: string;
  data: string;
  visitor_id?: string;
  visitor_secret?: string;
};
export type RiskVisitor = { visitor_id: string; visitor_secret?: string };

export type RiskContext = {
  fetch: typeof fetch;
  basePath: string;
  locale: Locale;
  visitorId: string | null;
  /** A visitor made before secrets existed proves itself once with its DF_ID session. */
  token?: string | null;
  timeoutMs?: number;
};

/** Body status of a device post sealed with a key the server no longer holds. */
export const RISK_KEY_UNKNOWN = 1101;

export class RiskStatusError extends Error {
  constructor(readonly status: number) {
    super(`risk status ${status}`);
  }
}

/**
 * The risk calls bypass the shared client on purpose: they run before the app mounts, must give
 * up after ~2 s instead of 30 s, and must never toast. Same envelope and common params though.
 */
async function send<T>(ctx: RiskContext, method: 'GET' | 'POST', path: string, body?: unknown) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ctx.timeoutMs ?? LIMITS.riskTimeoutMs);
  try {
    const url = buildUrl(ctx.basePath, path, {
      lang: ctx.locale,
      df_id: ctx.visitorId ?? undefined,
    });
    const response = await ctx.fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': ACCEPT_LANGUAGE[ctx.locale],
        ...(ctx.token ? { Authorization: ctx.token } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`risk HTTP ${response.status}`);
    const envelope = (await response.json()) as { status: number; data: T };
    if (envelope.status !== 200) throw new RiskStatusError(envelope.status);
    return envelope.data;
  } finally {
    clearTimeout(timer);
  }
}

export const fetchRiskKey = (ctx: RiskContext) => send<RiskKey>(ctx, riskKey.method, riskKey.path);

export const postRiskDevice = (ctx: RiskContext, body: RiskDeviceBody) =>
  send<RiskVisitor>(ctx, riskDevice.method, riskDevice.path, body);
