import type { AssistantSettings } from '@taleforge/contracts';
import type { AssistantAvatar } from '@taleforge/contracts/constants';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { assistantSettings } from '../../platform/db/schema/index.js';

/** Without a row, the player has never changed anything. */
export const DEFAULT_SETTINGS: AssistantSettings = { avatar: 'female', muted: false };

export async function readSettings(db: Db, userId: number): Promise<AssistantSettings> {
  const [row] = await db
    .select({ avatar: assistantSettings.avatar, muted: assistantSettings.muted })
    .from(assistantSettings)
    .where(eq(assistantSettings.userId, userId));
  return row ? { avatar: row.avatar as AssistantAvatar, muted: row.muted } : DEFAULT_SETTINGS;
}

/** Changes only the fields given; one statement, so two quick toggles cannot lose one another. */
export async function writeSettings(
  db: Db,
  userId: number,
  change: Partial<AssistantSettings>,
  at: Date,
): Promise<AssistantSettings> {
  const [row] = await db
    .insert(assistantSettings)
    .values({ userId, ...DEFAULT_SETTINGS, ...change, updatedAt: at })
    .onConflictDoUpdate({ target: assistantSettings.userId, set: { ...change, updatedAt: at } })
    .returning({ avatar: assistantSettings.avatar, muted: assistantSettings.muted });
  return { avatar: row!.avatar as AssistantAvatar, muted: row!.muted };
}
