import type { UserInfo } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/index.js';
import { toUserInfo } from './user-info.js';
import { findUserById, type UserRow } from './user-queries.js';

/** What the profiles module may read of an account: the public face, and whether it is a visitor. */
export interface PublicUser {
  id: number;
  publicId: string;
  nickName: string | null;
  avatar: string | null;
  isVisitor: boolean;
}

const toPublicUser = (row: UserRow): PublicUser => ({
  id: row.id,
  publicId: row.publicId,
  nickName: row.nickName,
  avatar: row.avatar,
  isVisitor: row.oauthEnum === 'DF_ID',
});

export async function findPublicUser(db: Db, publicId: string): Promise<PublicUser | null> {
  const [row] = await db.select().from(users).where(eq(users.publicId, publicId)).limit(1);
  return row ? toPublicUser(row) : null;
}

export async function findPublicUserById(db: Db, id: number): Promise<PublicUser | null> {
  const row = await findUserById(db, id);
  return row ? toPublicUser(row) : null;
}

/**
 * The profile's writes to `users`, which auth owns: a new nickname or avatar, answered as the
 * user info the browser keeps (so the header shows the change at once).
 */
export async function setProfileFields(
  db: Db | Tx,
  userId: number,
  values: { nickName?: string; avatar?: string },
  now: Date,
): Promise<UserInfo | null> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row ? toUserInfo(row, now) : null;
}
