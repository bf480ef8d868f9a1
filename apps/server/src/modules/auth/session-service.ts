import { hash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db, Tx } from '../../platform/db/client.js';
import type { TokenCheck } from '../../platform/http/auth-gate.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import type { Broadcast } from '../../platform/shared-state/index.js';
import {
  findSessionByTokenHash,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './session-queries.js';
import { needsCompletion } from './user-info.js';

const DAY_MS = 86_400_000;
/** Renew a sliding session at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 3_600_000;

/** On every signed-in request: the one-shot hash costs a third of a Hash object's (~0.6 µs). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export interface SessionServiceDeps {
  db: Db;
  ttlDays: number;
  now?: () => Date;
  /** How long this process trusts a token it has checked (0: check every time). */
  cacheMs?: number;
  /**
   * Tells the other nodes of each revocation so they drop the token at once, and hears theirs;
   * unset, a revocation elsewhere is seen here within `cacheMs`.
   */
  broadcast?: Broadcast;
}

const REVOKED = 'session-revoked';

/** Checked tokens kept at most, the least recently used going first: 50k players' tokens ≈ 15 MB. */
const CACHE_MAX_ENTRIES = 50_000;

interface Checked {
  auth: AuthContext;
  refreshing: boolean;
}

export function createSessionService({
  db,
  ttlDays,
  now = () => new Date(),
  cacheMs = 0,
  broadcast,
}: SessionServiceDeps) {
  const ttlMs = ttlDays * DAY_MS;
  /**
   * Token hash → what the database said, for `cacheMs` from the check at most (never past the
   * session's own expiry). A logout or password reset in this process drops the entries at once;
   * one in another process when its broadcast arrives, or within `cacheMs` when none does
   * (docs/decisions/0015, 0042). Sessions still owing
   * a nickname are never kept: completing it must open the app on the very next call.
   *
   * An entry in the second half of its window is checked again in the background while it still
   * answers, so a player who keeps playing never waits for the check; the window counts from
   * the last check, so a revocation elsewhere is still seen within `cacheMs`.
   *
   * None at all when nothing is kept (`cacheMs` 0): the cache sets aside its arrays for every
   * entry it may hold as it is made, which a service that never keeps one need not pay for.
   */
  const checked =
    cacheMs > 0
      ? new LRUCache<string, Checked>({
          max: CACHE_MAX_ENTRIES,
          // The injected clock, read on every lookup: a window is a promise to the millisecond.
          perf: { now: () => now().getTime() },
          ttlResolution: 0,
        })
      : undefined;
  /**
   * Bumped by every revocation this process makes or hears of: a check that read the session before a
   * revocation committed must not put the revoked token back.
   */
  let revocations = 0;

  function remember(tokenHash: string, auth: AuthContext, at: number, expiresAt: Date) {
    if (!checked || auth.needsCompletion) return;
    // lru-cache still serves an entry whose age equals its ttl: one less keeps the window open
    // only while it is younger than `cacheMs`.
    const ttl = Math.min(cacheMs, expiresAt.getTime() - at) - 1;
    if (ttl < 1) return;
    checked.set(tokenHash, { auth, refreshing: false }, { ttl, start: at });
  }

  /** What the database says of a token now; kept for `cacheMs` when it opens calls. */
  async function check(tokenHash: string): Promise<TokenCheck> {
    const at = now();
    const seen = revocations;
    const session = await findSessionByTokenHash(db, tokenHash);
    if (!session) return { ok: false, reason: 'unknown' };
    if (session.revokedAt) return { ok: false, reason: 'revoked' };
    if (session.expiresAt.getTime() <= at.getTime()) return { ok: false, reason: 'expired' };
    let { expiresAt } = session;
    if (at.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      expiresAt = new Date(at.getTime() + ttlMs);
      await touchSession(db, session.id, at, expiresAt);
    }
    const { user } = session;
    const auth: AuthContext = {
      userId: session.userId,
      sessionId: session.id,
      role: user.role === 'admin' ? 'admin' : 'user',
      needsCompletion: needsCompletion(user),
      visitor: user.oauthEnum === 'DF_ID',
    };
    if (seen === revocations) remember(tokenHash, auth, at.getTime(), expiresAt);
    return { ok: true, auth };
  }

  function refreshAhead(tokenHash: string, entry: Checked) {
    entry.refreshing = true;
    check(tokenHash).then(
      (result) => {
        if (!result.ok) checked?.delete(tokenHash);
      },
      // The entry lapses at its `until`; the next call then checks in the foreground and
      // answers for a database that is failing.
      () => {
        entry.refreshing = false;
      },
    );
  }

  function issue() {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    return {
      token,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + ttlMs),
      now: at,
    };
  }

  function forget(match: (auth: AuthContext) => boolean) {
    revocations++;
    if (!checked) return;
    const revoked = [...checked.entries()].filter(([, entry]) => match(entry.auth));
    for (const [tokenHash] of revoked) checked.delete(tokenHash);
  }

  broadcast?.subscribe(REVOKED, ({ sessionId, userId }) => {
    if (typeof sessionId === 'number') forget((auth) => auth.sessionId === sessionId);
    if (typeof userId === 'number') forget((auth) => auth.userId === userId);
  });

  return {
    /**
     * A fresh opaque token (256 bits); only its hash is kept. Pass the sign-in's transaction so
     * the session commits with the account changes it belongs to.
     */
    async createSession(
      userId: number,
      executor: Db | Tx = db,
    ): Promise<{ token: string; expiresAt: Date }> {
      const issued = issue();
      await insertSession(executor, { userId, ...issued });
      return issued;
    },

    /** A new session's token and row values, for a caller that stores them in its own statement. */
    issue,

    async verifyToken(token: string): Promise<TokenCheck> {
      const tokenHash = hashToken(token);
      const hit = checked?.get(tokenHash);
      if (!checked || !hit) return check(tokenHash);
      if (!hit.refreshing && checked.getRemainingTTL(tokenHash) < cacheMs / 2) {
        refreshAhead(tokenHash, hit);
      }
      return { ok: true, auth: hit.auth };
    },

    async revoke(sessionId: number): Promise<void> {
      await revokeSession(db, sessionId, now());
      forget((auth) => auth.sessionId === sessionId);
      broadcast?.publish(REVOKED, { sessionId });
    },

    async revokeAllFor(userId: number): Promise<void> {
      await revokeUserSessions(db, userId, now());
      forget((auth) => auth.userId === userId);
      broadcast?.publish(REVOKED, { userId });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
