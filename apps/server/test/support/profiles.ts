import { CALLS, type CallData } from '@taleforge/contracts';
import { createSessionService } from '../../src/modules/auth/session-service.js';
import { buildUser } from './factories.js';
import type { EnvelopeResponse } from './http.js';
import type { TestServer } from './server.js';

type Crop = { x: number; y: number; width: number; height: number };

/** An avatar upload as the browser sends it: the file's bytes as the body, the crop in the query. */
export async function uploadAvatar(
  server: TestServer,
  token: string,
  bytes: Buffer,
  crop: Crop,
  contentType = 'image/png',
): Promise<EnvelopeResponse<CallData<typeof CALLS.avatarUpload>>> {
  const query: Record<string, string> = { df_id: 'v_testdevice' };
  for (const [key, value] of Object.entries(crop)) query[key] = String(value);
  const res = await fetch(server.url(CALLS.avatarUpload.path, query), {
    method: 'POST',
    headers: { authorization: token, 'content-type': contentType },
    body: bytes,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  return {
    http: res.status,
    headers: res.headers,
    status: json?.status ?? 0,
    desc: json?.desc ?? '',
    data: json?.data ?? null,
  };
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
