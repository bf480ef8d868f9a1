import { CALLS } from '@taleforge/contracts';
import { api } from './http.js';
import type { TestServer } from './server.js';

/** A new work through the real call; fails the test setup loudly if the server refuses. */
export async function createWork(
  server: Pick<TestServer, 'url'>,
  token: string,
  title = 'The Lantern',
) {
  const res = await api(server, CALLS.studioWorkCreate, {
    token,
    body: { title: { en_US: title }, script_type: 'SUSPENSE' },
  });
  if (res.status !== 200) throw new Error(`create work: ${res.status} ${res.desc}`);
  return res.data!;
}

export async function saveFile(
  server: Pick<TestServer, 'url'>,
  token: string,
  id: number,
  path: string,
  source: string,
) {
  return api(server, CALLS.studioFileSave, { token, body: { id, path, source } });
}
