import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../platform/db/client.js';
import type { TokenCheck } from '../../platform/http/auth-hook.js';
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
}

export function createSessionService({ db, ttlDays, now = () => new Date() }: SessionServiceDeps) {
  const ttlMs = ttlDays * DAY_MS;

  return {
    /**
     * A fresh opaque token (256 bits); only its hash is kept. Pass the sign-in's transaction so
     * the session commits with the account changes it belongs to.
     */
    async createSession(
      userId: number,
      executor: Db | Tx = db,
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + ttlMs);
      await insertSession(executor, { userId, tokenHash: hashToken(token), expiresAt, now: at });
      return { token, expiresAt };
    },

    async verifyToken(token: string): Promise<TokenCheck> {
      const session = await findSessionByTokenHash(db, hashToken(token));
      if (!session) return { ok: false, reason: 'unknown' };
      if (session.revokedAt) return { ok: false, reason: 'revoked' };
      const at = now();
      if (session.expiresAt.getTime() <= at.getTime()) return { ok: false, reason: 'expired' };
      if (at.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await touchSession(db, session.id, at, new Date(at.getTime() + ttlMs));
      }
      const { user } = session;
      return {
        ok: true,
        auth: {
          userId: session.userId,
          sessionId: session.id,
          role: user.role === 'admin' ? 'admin' : 'user',
          needsCompletion: needsCompletion(user),
        },
      };
    },

    async revoke(sessionId: number): Promise<void> {
      await revokeSession(db, sessionId, now());
    },

    async revokeAllFor(userId: number): Promise<void> {
      await revokeUserSessions(db, userId, now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
