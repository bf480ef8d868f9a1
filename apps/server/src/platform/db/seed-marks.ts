import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { seedMarks } from './schema/index.js';

/** The fingerprint the seed `name` last finished with, or null when it never has. */
export async function readSeedMark(db: Db, name: string): Promise<string | null> {
  const [row] = await db
    .select({ fingerprint: seedMarks.fingerprint })
    .from(seedMarks)
    .where(eq(seedMarks.name, name));
  return row?.fingerprint ?? null;
}

/** Records that the seed `name` finished with these inputs. */
export async function writeSeedMark(db: Db, name: string, fingerprint: string): Promise<void> {
  await db
    .insert(seedMarks)
    .values({ name, fingerprint })
    .onConflictDoUpdate({ target: seedMarks.name, set: { fingerprint, seededAt: new Date() } });
}
