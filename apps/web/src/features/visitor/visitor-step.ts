import { LIMITS, type Locale, STORAGE_KEYS } from '@taleforge/contracts/constants';
import { readItem, safeLocal, writeItem } from '../../shared/lib/storage';
import type { DeviceSignals } from './collect-signals';
import { fetchRiskKey, postRiskDevice, RISK_KEY_UNKNOWN, RiskStatusError } from './risk-api';
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

/** A fresh server-issued id, if one was stored less than 180 s ago (SPEC §9). */
export function readFreshVisitor(storage: Storage | undefined, now: number): string | null {
  const id = readItem(STORAGE_KEYS.visitor, storage);
  const fetchedAt = Number(readItem(VISITOR_FETCHED_AT_KEY, storage));
  if (!id || id.startsWith(LOCAL_ID_PREFIX) || !Number.isFinite(fetchedAt)) return null;
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
 * One attempt: key, seal, post — refetching the key once if the server rotated it meanwhile. The
 * key is fetched while the signals are still being collected: a first visit waits for both.
 */
async function requestVisitorId(
  deps: VisitorDeps,
  signals: Promise<DeviceSignals>,
): Promise<string> {
  const storage = deps.storage ?? safeLocal();
  const ctx = {
    fetch: deps.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
    basePath: deps.basePath,
    locale: deps.locale,
    visitorId: readItem(STORAGE_KEYS.visitor, storage),
  };
  const post = async () => {
    const [{ kid, spki }, collected] = await Promise.all([fetchRiskKey(ctx), signals]);
    const sealed = await sealJson(collected, spki, deps.subtle);
    return postRiskDevice(ctx, { kid, ...sealed });
  };
  try {
    return (await post()).visitor_id;
  } catch (error) {
    if (error instanceof RiskStatusError && error.status === RISK_KEY_UNKNOWN) {
      return (await post()).visitor_id;
    }
    throw error;
  }
}

function store(deps: VisitorDeps, id: string, fetchedAt: number | null) {
  const storage = deps.storage ?? safeLocal();
  writeItem(STORAGE_KEYS.visitor, id, storage);
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
    const id = await requestVisitorId(deps, signals);
    store(deps, id, now());
    return id;
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
  store(deps, fallback, null);

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
