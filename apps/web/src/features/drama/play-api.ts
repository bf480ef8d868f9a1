import type {
  GameEventBody,
  gameEventCall,
  lineSeenCall,
  loginCall,
  resourceInfoCall,
} from '@taleforge/contracts';
import { SCENE_TYPE } from '@taleforge/contracts/constants';
import { endpoint, request } from '../../shared/api';
import { visitorFields } from '../auth/auth-api';
import { hasToken, saveLogin } from '../auth/session';

const login = endpoint<typeof loginCall>({ method: 'POST', path: '/api/v1/login' });
const resourceInfo = endpoint<typeof resourceInfoCall>({
  method: 'GET',
  path: '/api/auth/h5/game/resource/info',
});
const gameEvent = endpoint<typeof gameEventCall>({
  method: 'POST',
  path: '/api/auth/h5/game/event',
});

const lineSeen = endpoint<typeof lineSeenCall>({
  method: 'POST',
  path: '/api/auth/h5/game/event/seen',
});

let signingIn: Promise<void> | null = null;

/**
 * A save belongs to an account: a visitor who opens a game is signed in with their visitor id
 * (oauth_enum DF_ID, SPEC §3), which never reloads the page; signing up later keeps the progress.
 * The session is stored like any other login, so the header shows the gem balance at once.
 */
export function ensurePlayer(): Promise<void> {
  if (hasToken()) return Promise.resolve();
  const { visitor_secret } = visitorFields();
  signingIn ??= request(login, {
    body: {
      oauth_enum: 'DF_ID',
      scene_type: SCENE_TYPE,
      ...(visitor_secret && { visitor_secret }),
    },
  })
    .then(saveLogin)
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

/**
 * How far the player has read, kept in the save so a reload resumes there. In the background:
 * a lost report only means a reload starts a few lines earlier, so it never shows an error.
 */
export function sendLineSeen(body: { game_id: number; seq: number; line: number }) {
  return request(lineSeen, { body, quiet: true, keepalive: true });
}
