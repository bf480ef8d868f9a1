import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { visitors } from '../../platform/db/schema/index.js';

export interface Sighting {
  deviceHash: string;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

const seen = (s: Sighting) => ({
  lastSeenAt: s.now,
  seenCount: sql`${visitors.seenCount} + 1`,
  deviceHash: s.deviceHash,
  lastIp: s.ip,
  userAgent: s.userAgent,
});

/** A visitor's first row: named, holding its secret's hash, seen once now. */
const firstSighting = (id: string, secretHash: string, s: Sighting) => ({
  id,
  secretHash,
  deviceHash: s.deviceHash,
  lastIp: s.ip,
  userAgent: s.userAgent,
  firstSeenAt: s.now,
  lastSeenAt: s.now,
});

export async function insertVisitor(
  db: Db,
  id: string,
  secretHash: string,
  sighting: Sighting,
): Promise<void> {
  await db.insert(visitors).values(firstSighting(id, secretHash, sighting));
}

/** Records a sighting of a visitor that proved itself; false when id and secret do not match. */
export async function touchProvenVisitor(
  db: Db,
  id: string,
  secretHash: string,
  sighting: Sighting,
): Promise<boolean> {
  const rows = await db
    .update(visitors)
    .set(seen(sighting))
    .where(and(eq(visitors.id, id), eq(visitors.secretHash, secretHash)))
    .returning({ id: visitors.id });
  return rows.length === 1;
}

/**
 * Gives a visitor made before secrets existed its first secret, once (its row is made if the
 * risk step never recorded it); a visitor that already has a secret keeps it, and this is false.
 */
export async function claimLegacyVisitor(
  db: Db,
  id: string,
  secretHash: string,
  sighting: Sighting,
): Promise<boolean> {
  const rows = await db
    .insert(visitors)
    .values(firstSighting(id, secretHash, sighting))
    .onConflictDoUpdate({
      target: visitors.id,
      set: { ...seen(sighting), secretHash },
      setWhere: isNull(visitors.secretHash),
    })
    .returning({ id: visitors.id });
  return rows.length === 1;
}

export async function isVisitorSecret(db: Db | Tx, id: string, secretHash: string) {
  const [row] = await db
    .select({ id: visitors.id })
    .from(visitors)
    .where(and(eq(visitors.id, id), eq(visitors.secretHash, secretHash)))
    .limit(1);
  return row !== undefined;
}
