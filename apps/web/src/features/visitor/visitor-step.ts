import { readItem, removeItem, safeLocal, writeItem } from '@taleforge/browser/storage';
import { LIMITS, type Locale, STORAGE_KEYS } from '@taleforge/contracts/constants';
import type { DeviceSignals } from './collect-signals';
import {
  fetchRiskKey,
  postRiskDevice,
  RISK_KEY_UNKNOWN,
  RiskStatusError,
  type RiskVisitor,
} from './risk-api';
import { sealJson } from './seal';

/** When the server id was fetched (ms since epoch); is_visitor itself stays a plain id string. */
export const VISITOR_FETCHED_AT_KEY = 'is_visitor_at';
export const LOCAL_ID_PREFIX = 'local-';
export const BACKGROUND_RETRY_MS = 30_000;
export const BACKGROUND_RETRIES = 5;

export type VisitorDeps = {
  basePath: string;
  locale: Locale;
  collect: () => Promise<DeviceSignals>;
  fetch?: typeof fetch;
  storage?: Storage;
  now?: () => number;
  subtle?: SubtleCrypto;
  schedule?: (run: () => void, ms: number) => void;
};

/** A fresh server-issued id and its secret, if stored less than 180 s ago (SPEC §9). */
export function readFreshVisitor(storage: Storage | undefined, now: number): string | null {
  const id = readItem(STORAGE_KEYS.visitor, storage);
  const fetchedAt = Number(readItem(VISITOR_FETCHED_AT_KEY, storage));
  if (!id || id.startsWith(LOCAL_ID_PREFIX) || !Number.isFinite(fetchedAt)) return null;
  if (!readItem(STORAGE_KEYS.visitorSecret, storage)) return null;
  const age = now - fetchedAt;
  return age >= 0 && age < LIMITS.riskCacheMs ? id : null;
}

/** A stand-in id for when the risk service cannot be reached; works without a secure context. */
export function createLocalVisitorId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${LOCAL_ID_PREFIX}${hex}`;
}

/**
 * What this browser holds: its visitor id and the secret proving it (kept whatever the signals
 * say now), or, for a visitor made before secrets existed, the DF_ID session that proves it once.
 */
function heldIdentity(storage: Storage | undefined) {
  const id = readItem(STORAGE_KEYS.visitor, storage);
  if (!id || id.startsWith(LOCAL_ID_PREFIX)) return { visitorId: null, body: {}, token: null };
  const secret = readItem(STORAGE_KEYS.visitorSecret, storage);
  const visitorSession =
    !secret && readItem(STORAGE_KEYS.oauthEnum, storage) === 'DF_ID'
      ? readItem(STORAGE_KEYS.accessToken, storage)
      : null;
  return {
    visitorId: id,
    body: { visitor_id: id, ...(secret ? { visitor_secret: secret } : {}) },
    token: visitorSession,
  };
}

/**
 * One attempt: key, seal, post — refetching the key once if the server rotated it meanwhile. The
 * key is fetched while the signals are still being collected: a first visit waits for both.
 */
async function requestVisitor(
  deps: VisitorDeps,
  signals: Promise<DeviceSignals>,
): Promise<RiskVisitor> {
  const storage = deps.storage ?? safeLocal();
  const held = heldIdentity(storage);
  const ctx = {
    fetch: deps.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
    basePath: deps.basePath,
    locale: deps.locale,
    visitorId: held.visitorId,
    token: held.token,
  };
  const post = async () => {
    const [{ kid, spki }, collected] = await Promise.all([fetchRiskKey(ctx), signals]);
    const sealed = await sealJson(collected, spki, deps.subtle);
    return postRiskDevice(ctx, { kid, ...sealed, ...held.body });
  };
  try {
    return await post();
  } catch (error) {
    if (error instanceof RiskStatusError && error.status === RISK_KEY_UNKNOWN) return post();
    throw error;
  }
}

function store(deps: VisitorDeps, visitor: RiskVisitor, fetchedAt: number | null) {
  const storage = deps.storage ?? safeLocal();
  const previous = readItem(STORAGE_KEYS.visitor, storage);
  writeItem(STORAGE_KEYS.visitor, visitor.visitor_id, storage);
  // A new secret comes with a new visitor (or a first one for an old visitor); the same id
  // without one keeps the secret this browser already holds.
  if (visitor.visitor_secret)
    writeItem(STORAGE_KEYS.visitorSecret, visitor.visitor_secret, storage);
  else if (previous !== visitor.visitor_id) removeItem(STORAGE_KEYS.visitorSecret, storage);
  writeItem(VISITOR_FETCHED_AT_KEY, fetchedAt === null ? '' : String(fetchedAt), storage);
}

/**
 * SPEC §1: yields the visitor id (stored as is_visitor) before the app mounts. Never rejects:
 * after two failed attempts the app mounts with a local id and the real one replaces it from
 * the background as soon as the risk service answers.
 */
export async function runVisitorStep(deps: VisitorDeps): Promise<string> {
  const now = deps.now ?? Date.now;
  const storage = deps.storage ?? safeLocal();
  const fresh = readFreshVisitor(storage, now());
  if (fresh) return fresh;

  let signals: Promise<DeviceSignals> | null = null;
  const attempt = async () => {
    // Collected once and reused; a failed collection is retried with the next attempt.
    signals ??= deps.collect().catch((error: unknown) => {
      signals = null;
      throw error;
    });
    const visitor = await requestVisitor(deps, signals);
    store(deps, visitor, now());
    return visitor.visitor_id;
  };

  for (let i = 0; i < LIMITS.riskAttempts; i++) {
    try {
      return await attempt();
    } catch {
      // Next attempt, or the fallback below.
    }
  }

  const previous = readItem(STORAGE_KEYS.visitor, storage);
  // Keep an older id (server-issued or local) rather than minting a new identity on each outage.
  const fallback = previous || createLocalVisitorId();
  store(deps, { visitor_id: fallback }, null);

  const schedule = deps.schedule ?? ((run, ms) => setTimeout(run, ms));
  let retriesLeft = BACKGROUND_RETRIES;
  const retry = () => {
    retriesLeft -= 1;
    attempt().catch(() => {
      if (retriesLeft > 0) schedule(retry, BACKGROUND_RETRY_MS);
    });
  };
  schedule(retry, BACKGROUND_RETRY_MS);
  return fallback;
}
