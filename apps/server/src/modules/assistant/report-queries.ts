import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { supportReports, users } from '../../platform/db/schema/index.js';

export type NewReport = typeof supportReports.$inferInsert;

/** Stores a report once per client id; a repeat answers the first one's id. */
export async function insertReport(db: Db, report: NewReport): Promise<number> {
  const [row] = await db
    .insert(supportReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: supportReports.id });
  if (row) return row.id;
  const [first] = await db
    .select({ id: supportReports.id })
    .from(supportReports)
    .where(
      and(
        eq(supportReports.userId, report.userId),
        eq(supportReports.clientReportId, report.clientReportId),
      ),
    );
  return first!.id;
}

/** Open support reports with the player's public face, oldest first, after `afterId`. */
export async function listOpenReports(db: Db, options: { afterId: number | null; limit: number }) {
  return db
    .select({
      id: supportReports.id,
      description: supportReports.description,
      conversation: supportReports.conversation,
      locale: supportReports.locale,
      createdAt: supportReports.createdAt,
      player: { publicId: users.publicId, nickName: users.nickName, avatar: users.avatar },
    })
    .from(supportReports)
    .innerJoin(users, eq(users.id, supportReports.userId))
    .where(
      and(
        eq(supportReports.status, 'open'),
        options.afterId === null ? undefined : gt(supportReports.id, options.afterId),
      ),
    )
    .orderBy(asc(supportReports.id))
    .limit(options.limit);
}

/** Closes an open report; false when it was not open (another admin was first, or unknown). */
export async function closeReport(
  db: Db,
  id: number,
  close: { by: number; at: Date },
): Promise<boolean> {
  const closed = await db
    .update(supportReports)
    .set({ status: 'closed', handledAt: close.at, handledBy: close.by })
    .where(and(eq(supportReports.id, id), eq(supportReports.status, 'open')))
    .returning({ id: supportReports.id });
  return closed.length > 0;
}

export async function reportExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: supportReports.id })
    .from(supportReports)
    .where(eq(supportReports.id, id));
  return row !== undefined;
}
