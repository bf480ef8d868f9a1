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

export async function insertVisitor(
  db: Db,
  values: { id: string; secretHash: string } & Sighting,
): Promise<void> {
  await db.insert(visitors).values({
    id: values.id,
    secretHash: values.secretHash,
    deviceHash: values.deviceHash,
    lastIp: values.ip,
    userAgent: values.userAgent,
    firstSeenAt: values.now,
    lastSeenAt: values.now,
  });
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
 * Gives a visitor made before secrets existed its first secret, once: a visitor that already has
 * one (or a row the risk step never made) keeps what it has.
 */
export async function claimLegacyVisitor(
  db: Db,
  id: string,
  secretHash: string,
  sighting: Sighting,
): Promise<boolean> {
  const rows = await db
    .insert(visitors)
    .values({
      id,
      secretHash,
      deviceHash: sighting.deviceHash,
      lastIp: sighting.ip,
      userAgent: sighting.userAgent,
      firstSeenAt: sighting.now,
      lastSeenAt: sighting.now,
    })
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
