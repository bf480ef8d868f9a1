import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { pageViews } from '../../platform/db/schema/index.js';

export type NewPageView = typeof pageViews.$inferInsert;

export async function insertPageView(db: Db, view: NewPageView): Promise<void> {
  await db.insert(pageViews).values(view);
}

/** A visitor's page views become the account's (auth/visitor-merge.ts, at sign-in). */
export async function moveVisitorPageViews(tx: Tx, from: number, to: number): Promise<void> {
  await tx.update(pageViews).set({ userId: to }).where(eq(pageViews.userId, from));
}
