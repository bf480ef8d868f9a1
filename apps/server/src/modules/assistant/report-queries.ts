import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { supportReports } from '../../platform/db/schema/index.js';

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
