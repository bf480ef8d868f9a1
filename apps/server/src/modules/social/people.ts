import { STATUS, type StatusCode } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { findPublicUser, findPublicUserById, type PublicUser } from '../auth/index.js';

/** The signed-in account, if it may change anything: a visitor signs in first (6102). */
export async function actorOf(db: Db, userId: number): Promise<PublicUser> {
  const user = await findPublicUserById(db, userId);
  if (!user) throw new AppError(STATUS.TOKEN_INVALID);
  if (user.isVisitor) throw new AppError(STATUS.PROFILE_SIGN_IN_FIRST);
  return user;
}

/**
 * The player a call names. A visitor has no public face to follow or block, so it is as unknown
 * as an id nobody has; `missing` is what the call says then.
 */
export async function playerOf(
  db: Db,
  publicId: string,
  missing: StatusCode = STATUS.PROFILE_NOT_FOUND,
): Promise<PublicUser> {
  const user = await findPublicUser(db, publicId);
  if (!user || user.isVisitor) throw new AppError(missing);
  return user;
}

/** The face a list shows of a player. */
export const creatorOf = (user: {
  publicId: string;
  nickName: string | null;
  avatar: string | null;
}) => ({ taleforge_id: user.publicId, nick_name: user.nickName ?? '', avatar: user.avatar });
