import { CALLS, type CallData } from '@taleforge/contracts';
import { createSessionService } from '../../src/modules/auth/session-service.js';
import { buildUser } from './factories.js';
import { call, type EnvelopeResponse } from './http.js';
import type { TestServer } from './server.js';

type Crop = { x: number; y: number; width: number; height: number };

/** An avatar upload as the browser sends it: the file's bytes as the body, the crop in the query. */
export function uploadAvatar(
  server: TestServer,
  token: string,
  bytes: Buffer,
  crop: Crop,
  contentType = 'image/png',
): Promise<EnvelopeResponse<CallData<typeof CALLS.avatarUpload>>> {
  return call(server, CALLS.avatarUpload.path, {
    method: 'POST',
    token,
    query: crop,
    headers: { 'content-type': contentType },
    body: bytes,
  });
}

/** A signed-in account of the given kind: a registered player, or a visitor (DF_ID). */
export async function signedIn(server: TestServer, kind: 'EMAIL' | 'DF_ID' = 'EMAIL') {
  const user = await buildUser(server.database.db, {
    oauthEnum: kind,
    ...(kind === 'DF_ID' ? { email: null, nickName: null } : {}),
  });
  const sessions = createSessionService({ db: server.database.db, ttlDays: 30 });
  const { token } = await sessions.createSession(user.id);
  return { user, token };
}
