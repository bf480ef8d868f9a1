import type {
  GameEventBody,
  gameEventCall,
  loginCall,
  resourceInfoCall,
  unlockCall,
} from '@taleforge/contracts';
import { SCENE_TYPE, STORAGE_KEYS } from '@taleforge/contracts/constants';
import { endpoint, request } from '../../shared/api';
import { readItem, writeItem } from '../../shared/lib/storage';

const login = endpoint<typeof loginCall>({ method: 'POST', path: '/api/v1/login' });
const resourceInfo = endpoint<typeof resourceInfoCall>({
  method: 'GET',
  path: '/api/auth/h5/game/resource/info',
});
const gameEvent = endpoint<typeof gameEventCall>({
  method: 'POST',
  path: '/api/auth/h5/game/event',
});
const unlock = endpoint<typeof unlockCall>({ method: 'POST', path: '/api/auth/h5/game/unlock' });

let signingIn: Promise<void> | null = null;

/**
 * A save belongs to an account: a visitor who opens a game is signed in with their visitor id
 * (oauth_enum DF_ID, SPEC §3), which never reloads the page; signing up later keeps the progress.
 */
export function ensurePlayer(): Promise<void> {
  if (readItem(STORAGE_KEYS.accessToken)) return Promise.resolve();
  signingIn ??= request(login, { body: { oauth_enum: 'DF_ID', scene_type: SCENE_TYPE } })
    .then((data) => {
      writeItem(STORAGE_KEYS.accessToken, data.access_token);
      writeItem(STORAGE_KEYS.oauthEnum, data.oauth_enum);
      writeItem(STORAGE_KEYS.userId, data.uid);
    })
    .finally(() => {
      signingIn = null;
    });
  return signingIn;
}

export async function fetchResources(gameId: number, signal?: AbortSignal) {
  await ensurePlayer();
  return request(resourceInfo, { query: { game_id: gameId }, signal });
}

export async function sendEvent(body: GameEventBody) {
  await ensurePlayer();
  return request(gameEvent, { body });
}

export function unlockChapter(gameId: number, chapterId: number) {
  return request(unlock, {
    body: { game_id: gameId, chapter_id: chapterId, idempotency_key: crypto.randomUUID() },
  });
}
