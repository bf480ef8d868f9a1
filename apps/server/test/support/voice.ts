import { CALLS, type CallData } from '@taleforge/contracts';
import type { AssistantAvatar } from '@taleforge/contracts/constants';
import { assistantMessages, assistantSettings } from '../../src/platform/db/schema/index.js';
import { call, type EnvelopeResponse } from './http.js';
import type { TestServer } from './server.js';

/** A recording sent as the panel sends it: the raw bytes, with whatever label the browser gives. */
export function postRecording(
  server: Pick<TestServer, 'url'>,
  token: string,
  bytes: Buffer,
  options: { lang?: string; contentType?: string } = {},
): Promise<EnvelopeResponse<CallData<typeof CALLS.assistantTranscribe>>> {
  return call(server, CALLS.assistantTranscribe.path, {
    method: 'POST',
    token,
    lang: options.lang ?? 'en_US',
    headers: { 'content-type': options.contentType ?? 'audio/webm' },
    body: bytes,
  });
}

/**
 * An assistant reply stored as the assistant module stores one (its turn is built elsewhere),
 * with the player's avatar when given: what the speech call reads aloud.
 */
export async function storedReply(
  server: TestServer,
  userId: number,
  text: string,
  avatar?: AssistantAvatar,
): Promise<number> {
  const { db } = server.database;
  if (avatar) {
    await db
      .insert(assistantSettings)
      .values({ userId, avatar })
      .onConflictDoUpdate({ target: assistantSettings.userId, set: { avatar } });
  }
  const [row] = await db
    .insert(assistantMessages)
    .values({ userId, role: 'assistant', text })
    .returning({ id: assistantMessages.id });
  return row!.id;
}
