import type { Db } from '../../platform/db/client.js';
import { pageViews } from '../../platform/db/schema/index.js';

export type NewPageView = typeof pageViews.$inferInsert;

export async function insertPageView(db: Db, view: NewPageView): Promise<void> {
  await db.insert(pageViews).values(view);
}
