import type { loginCall, logoutCall, userInfoCall } from '@taleforge/contracts';
import { type ApiError, endpoint, request } from '../../shared/api';
import { type StudioUser, session } from '../../shared/session';

const calls = {
  login: endpoint<typeof loginCall>({ method: 'POST', path: '/api/v1/login' }),
  userInfo: endpoint<typeof userInfoCall>({ method: 'GET', path: '/api/auth/h5/user/info' }),
  logout: endpoint<typeof logoutCall>({ method: 'POST', path: '/api/auth/h5/user/logout' }),
};

/** Thrown when the account is a visitor's: the studio is for signed-in creators (SPEC §6). */
export class VisitorRefused extends Error {
  override readonly name = 'VisitorRefused';
}

/**
 * Signs in with the player site's accounts (email and password, the same login call), then reads
 * the user the player site will be handed on token sync.
 */
export async function signIn(email: string, pwd: string): Promise<StudioUser> {
  const data = await request(calls.login, {
    body: { oauth_enum: 'EMAIL', scene_type: 1, email, pwd },
  });
  if (data.oauth_enum === 'DF_ID') throw new VisitorRefused();
  session.save(data.access_token, { uid: data.uid } as StudioUser);
  try {
    const user = await request(calls.userInfo);
    session.save(data.access_token, user);
    return user;
  } catch (error) {
    session.clear();
    throw error as ApiError;
  }
}

/** Ends the session on the server too; the local session goes whatever the server says. */
export async function signOut(): Promise<void> {
  try {
    await request(calls.logout);
  } finally {
    session.clear();
  }
}
