import type { Db, Tx } from '../../platform/db/client.js';
import {
  claimLegacyVisitor,
  insertVisitor,
  isVisitorSecret,
  type Sighting,
  touchProvenVisitor,
} from './queries.js';
import { hashVisitorSecret, newVisitorId, newVisitorSecret } from './visitor-secret.js';

export interface VisitorClaim {
  visitorId?: string | undefined;
  visitorSecret?: string | undefined;
}

export interface Recognised {
  visitor_id: string;
  /** Only when the browser must store a new secret. */
  visitor_secret?: string;
}

/**
 * Which visitor a browser is. A browser that proves an id keeps it, whatever its device signals
 * say now (a window resized, a new GPU driver); one that cannot prove it becomes a new visitor.
 * `ownsLegacy` answers whether the caller's own session already is that visitor: the one proof a
 * visitor made before secrets existed has.
 */
export async function recogniseVisitor(
  db: Db,
  claim: VisitorClaim,
  sighting: Sighting,
  ownsLegacy: (visitorId: string) => Promise<boolean>,
): Promise<Recognised> {
  const { visitorId, visitorSecret } = claim;
  if (visitorId && visitorSecret) {
    const proven = await touchProvenVisitor(
      db,
      visitorId,
      hashVisitorSecret(visitorSecret),
      sighting,
    );
    if (proven) return { visitor_id: visitorId };
  } else if (visitorId && (await ownsLegacy(visitorId))) {
    const secret = newVisitorSecret();
    if (await claimLegacyVisitor(db, visitorId, hashVisitorSecret(secret), sighting))
      return { visitor_id: visitorId, visitor_secret: secret };
  }
  const id = newVisitorId();
  const secret = newVisitorSecret();
  await insertVisitor(db, id, hashVisitorSecret(secret), sighting);
  return { visitor_id: id, visitor_secret: secret };
}

/** True when `secret` is the one issued with visitor `id`: the only way a browser is a visitor. */
export async function proveVisitor(
  db: Db | Tx,
  id: string | null,
  secret: string | null | undefined,
): Promise<boolean> {
  if (!id || !secret) return false;
  return isVisitorSecret(db, id, hashVisitorSecret(secret));
}
