import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { oauthStates } from '../../../platform/db/schema/index.js';

const STATE_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
const random = () => randomBytes(32).toString('base64url');

export interface StartedFlow {
  state: string;
  /** Kept by the browser that started the flow (HttpOnly cookie); the state alone is not enough. */
  binding: string;
  codeChallenge: string;
}

export async function startFlow(
  db: Db,
  provider: string,
  returnPath: string,
  now: Date,
): Promise<StartedFlow> {
  const state = random();
  const binding = random();
  const codeVerifier = random();
  await db.insert(oauthStates).values({
    stateHash: sha256(state),
    provider,
    bindingHash: sha256(binding),
    codeVerifier,
    returnPath,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return { state, binding, codeChallenge: sha256(codeVerifier) };
}

/**
 * Consumes a state once: it must exist for this provider, be unexpired and unused, and come with
 * the binding of the browser that started it. Returns the PKCE verifier and where to go after.
 */
export async function consumeFlow(
  db: Db,
  provider: string,
  state: string,
  binding: string | undefined,
  now: Date,
): Promise<{ codeVerifier: string; returnPath: string } | null> {
  if (!binding) return null;
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, sha256(state)),
        eq(oauthStates.provider, provider),
        eq(oauthStates.bindingHash, sha256(binding)),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ codeVerifier: oauthStates.codeVerifier, returnPath: oauthStates.returnPath });
  return row ?? null;
}
