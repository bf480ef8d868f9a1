import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../platform/db/client.js';
import type { TokenCheck } from '../../platform/http/auth-gate.js';
import type { AuthContext } from '../../platform/http/request-context.js';
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

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionServiceDeps {
  db: Db;
  ttlDays: number;
  now?: () => Date;
  /** How long this process trusts a token it has checked (0: check every time). */
  cacheMs?: number;
}

/** Checked tokens kept at most; past it the oldest go first. */
const CACHE_MAX_ENTRIES = 50_000;

export function createSessionService({
  db,
  ttlDays,
  now = () => new Date(),
  cacheMs = 0,
}: SessionServiceDeps) {
  const ttlMs = ttlDays * DAY_MS;
  /**
   * Token hash → what the database said, until `until`. A logout or password reset in this
   * process drops the entries at once; one in another process is seen within `cacheMs`
   * (docs/decisions/0015). Sessions still owing a nickname are never kept: completing it must
   * open the app on the very next call.
   *
   * An entry in the second half of its window is checked again in the background while it still
   * answers, so a player who keeps playing never waits for the check; the window counts from
   * the last check, so a revocation elsewhere is still seen within `cacheMs`.
   */
  const checked = new Map<string, { auth: AuthContext; until: number; refreshing: boolean }>();
  /**
   * Bumped by every revocation in this process: a check that read the session before a
   * revocation committed must not put the revoked token back.
   */
  let revocations = 0;

  function remember(tokenHash: string, auth: AuthContext, at: number, expiresAt: Date) {
    if (cacheMs <= 0 || auth.needsCompletion) return;
    checked.delete(tokenHash);
    if (checked.size >= CACHE_MAX_ENTRIES) checked.delete(checked.keys().next().value!);
    checked.set(tokenHash, {
      auth,
      until: Math.min(at + cacheMs, expiresAt.getTime()),
      refreshing: false,
    });
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
    };
    if (seen === revocations) remember(tokenHash, auth, at.getTime(), expiresAt);
    return { ok: true, auth };
  }

  function refreshAhead(tokenHash: string, entry: { refreshing: boolean }) {
    entry.refreshing = true;
    check(tokenHash).then(
      (result) => {
        if (!result.ok) checked.delete(tokenHash);
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
    for (const [tokenHash, entry] of checked) if (match(entry.auth)) checked.delete(tokenHash);
  }

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
      const at = now().getTime();
      const hit = checked.get(tokenHash);
      if (hit && hit.until > at) {
        if (!hit.refreshing && hit.until - at < cacheMs / 2) refreshAhead(tokenHash, hit);
        return { ok: true, auth: hit.auth };
      }
      if (hit) checked.delete(tokenHash);
      return check(tokenHash);
    },

    async revoke(sessionId: number): Promise<void> {
      await revokeSession(db, sessionId, now());
      forget((auth) => auth.sessionId === sessionId);
    },

    async revokeAllFor(userId: number): Promise<void> {
      await revokeUserSessions(db, userId, now());
      forget((auth) => auth.userId === userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
