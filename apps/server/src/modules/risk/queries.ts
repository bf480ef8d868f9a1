import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { visitors } from '../../platform/db/schema/index.js';

export async function recordVisitor(
  db: Db,
  values: { id: string; ip: string | null; userAgent: string | null; now: Date },
): Promise<void> {
  await db
    .insert(visitors)
    .values({
      id: values.id,
      lastIp: values.ip,
      userAgent: values.userAgent,
      firstSeenAt: values.now,
      lastSeenAt: values.now,
    })
    .onConflictDoUpdate({
      target: visitors.id,
      set: {
        lastSeenAt: values.now,
        seenCount: sql`${visitors.seenCount} + 1`,
        lastIp: values.ip,
        userAgent: values.userAgent,
      },
    });
}
