import type { LoginData, UserInfo } from '@taleforge/contracts';
import type { OauthEnum } from '@taleforge/contracts/constants';
import type { UserRow } from './user-queries.js';

const NEW_USER_MS = 86_400_000;

/** Social accounts must bind an invite code (with their nickname) before they may play. */
export function needsCompletion(user: Pick<UserRow, 'oauthEnum' | 'inviteBoundAt'>): boolean {
  return (user.oauthEnum === 'GOOGLE' || user.oauthEnum === 'DISCORD') && !user.inviteBoundAt;
}

/** The only way a user row leaves the server: no hashes, no internal ids. */
export function toUserInfoResp(user: UserRow): UserInfo['user_info_resp'] {
  return {
    taleforge_id: user.publicId,
    nick_name: user.nickName,
    avatar: user.avatar,
    email: user.email,
    oauth_enum: user.oauthEnum as OauthEnum,
    role: user.role === 'admin' ? 'admin' : 'user',
    created_at: user.createdAt.toISOString(),
  };
}

export function toUserInfo(user: UserRow, now: Date): UserInfo {
  return {
    taleforge_id: user.publicId,
    uid: user.publicId,
    nick_name: user.nickName,
    avatar: user.avatar,
    new_user: now.getTime() - user.createdAt.getTime() < NEW_USER_MS,
    need_complete_nick_name: needsCompletion(user),
    oauth_enum: user.oauthEnum as OauthEnum,
    user_info_resp: toUserInfoResp(user),
  };
}

export function toLoginData(user: UserRow, token: string, newUser: boolean): LoginData {
  return {
    access_token: token,
    oauth_enum: user.oauthEnum as OauthEnum,
    uid: user.publicId,
    need_complete_nick_name: needsCompletion(user),
    new_user: newUser,
    user_info_resp: toUserInfoResp(user),
  };
}
