import type { chatSendCall } from '@taleforge/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, endpoint } from './client';

const send = endpoint<typeof chatSendCall>({
  method: 'POST',
  path: '/api/auth/h5/game/chat/send',
});
const body = { game_id: 1, npc_id: 1, text: 'hi', client_message_id: 'm-1' };

/** A client whose fetch answers an event stream arriving in the given chunks. */
function streamingClient(chunks: string[]) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const fetch = vi.fn(
    async () => new Response(stream, { headers: { 'content-type': 'text/event-stream' } }),
  );
  return createApiClient({
    basePath: '/taleforge',
    getLocale: () => 'en_US',
    getVisitorId: () => null,
    getToken: () => null,
    onNetworkError: vi.fn(),
    onLoginRequired: vi.fn(),
    fetch: () => fetch,
  });
}

async function eventsOf(chunks: string[]) {
  const events: [string, unknown][] = [];
  await streamingClient(chunks).stream(send, { body }, (name, data) => events.push([name, data]));
  return events;
}

describe('the event stream reader', () => {
  it('reads events whose lines end in CRLF, split anywhere across chunks', async () => {
    const wire =
      'event: delta\r\ndata: {"text":"Hel"}\r\n\r\nevent: delta\r\ndata: {"text":"lo"}\r\n\r\n';
    expect(await eventsOf([wire.slice(0, 17), wire.slice(17, 41), wire.slice(41)])).toEqual([
      ['delta', { text: 'Hel' }],
      ['delta', { text: 'lo' }],
    ]);
  });

  it('joins the data lines of one event with line breaks', async () => {
    const wire = 'event: done\ndata: {"text":\ndata: "two\\nlines"}\n\n';
    expect(await eventsOf([wire])).toEqual([['done', { text: 'two\nlines' }]]);
  });

  it('skips comments and unnamed events, and reads data without the space after the colon', async () => {
    const wire = ': keep-alive\n\ndata: {"ignored":true}\n\nevent:accepted\ndata:{"id":"7"}\n\n';
    expect(await eventsOf([wire])).toEqual([['accepted', { id: '7' }]]);
  });
});
