import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import ChatPanel from './chat-panel';
import { SendConfirm } from './send-confirm';

const info = {
  game_id: 7,
  npc_id: 3,
  name: 'Ada',
  portrait: '/ada-dizzy.svg',
  greeting: 'Oh! You startled me.',
  expression: 'dizzy',
  goal: { key: 'confess', text: 'Get her to confess' },
  price_gems: 10,
  engine: 'offline',
  tasks: [],
  npc_status: { health: 100, magic: 50, experience: 0 },
  goal_progress: 50,
};

const sse = (events: [string, unknown][]) =>
  new Response(events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });

type WireRecord = { id: string; role: string; text: string; state: string } & Record<
  string,
  unknown
>;

function stubChatServer(records: WireRecord[] = []) {
  const sent: unknown[] = [];
  let recordReads = 0;
  const replyText = 'Fine! <b>It was</b> <img src=x onerror=alert(1)>Bo.';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/taleforge/, '');
    const ok = (data: unknown) => new Response(JSON.stringify({ status: 200, desc: 'ok', data }));
    if (path.endsWith('/conversation/info')) return ok(info);
    if (path.endsWith('/chat/record')) {
      recordReads += 1;
      return ok({ records: structuredClone(records), next_cursor: null });
    }
    if (path.endsWith('/wallet/balance')) return ok({ gem_balance: 40, balance: 40 });
    if (path.endsWith('/chat/send')) {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      const at = '2026-01-01T00:00:00.000Z';
      records.push(
        {
          id: '1',
          role: 'player',
          text: body.text,
          expression: null,
          state: 'complete',
          created_at: at,
        },
        {
          id: '2',
          role: 'npc',
          text: replyText,
          expression: 'laugh',
          state: 'complete',
          created_at: at,
        },
      );
      return sse([
        ['accepted', { message_id: '1', reply_id: '2', charged_gems: 10, gem_balance: 30 }],
        ['delta', { text: 'Fine! <b>It was</b> ' }],
        ['delta', { text: '<img src=x onerror=alert(1)>Bo.' }],
        [
          'done',
          {
            reply_id: '2',
            text: 'Fine! <b>It was</b> <img src=x onerror=alert(1)>Bo.',
            expression: 'laugh',
            goal: { key: 'confess', reached: true, percent: 100 },
            story_continued: true,
          },
        ],
      ]);
    }
    return new Response(JSON.stringify({ status: 404, desc: 'not found', data: null }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, sent, recordReads: () => recordReads };
}

const resources = {
  npcs: [
    {
      id: 3,
      key: 'ada',
      name: 'Ada',
      greeting: '',
      portraits: { dizzy: '/ada-dizzy.svg', laugh: '/ada-laugh.svg', normal: '/ada-normal.svg' },
    },
  ],
} as never;

const renderPanel = (onStoryContinued = () => {}) =>
  renderWithQuery(
    <ChatPanel
      gameId={7}
      npcId={3}
      resources={resources}
      onClose={() => {}}
      onStoryContinued={onStoryContinued}
    />,
  );

function pointer(fine: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: fine && query.includes('fine') }));
}

beforeEach(() => localStorage.setItem('chat_send_confirm_skip', '1'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('chat panel', () => {
  it('streams the reply as text, changes the portrait, shows price, goal and engine', async () => {
    pointer(true);
    const { sent } = stubChatServer();
    const continued = vi.fn();
    renderPanel(continued);
    expect(await screen.findByText('Get her to confess')).toBeTruthy();
    expect(screen.getByText(/authored character lines/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send · 10 gems' })).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('src')).toBe('/ada-dizzy.svg');

    const input = screen.getByLabelText('Message to Ada');
    fireEvent.change(input, { target: { value: 'Who took it?' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(continued).toHaveBeenCalled());
    const reply = await screen.findByText('Fine! <b>It was</b> <img src=x onerror=alert(1)>Bo.');
    expect(reply.querySelector('b, img')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('img').getAttribute('src')).toBe('/ada-laugh.svg');
    expect(screen.getByText('Goal reached — the story goes on.')).toBeTruthy();
    expect(sent).toMatchObject([{ game_id: 7, npc_id: 3, text: 'Who took it?' }]);
  });

  it('after a reload mid-reply, reads the reply until it ends and holds the next send meanwhile', async () => {
    pointer(true);
    const at = '2026-01-01T00:00:00.000Z';
    const reply = {
      id: '2',
      role: 'npc',
      text: 'I am not',
      expression: null,
      state: 'streaming',
      created_at: at,
    };
    const records = [
      {
        id: '1',
        role: 'player',
        text: 'Do you dream?',
        expression: null,
        state: 'complete',
        created_at: at,
      },
      reply,
    ];
    const server = stubChatServer(records);
    renderPanel();
    expect(await screen.findByText('I am not')).toBeTruthy();
    const input = screen.getByLabelText('Message to Ada');
    fireEvent.change(input, { target: { value: 'Hello' } });
    const sendButton = screen.getByRole('button', { name: 'Send · 10 gems' }) as HTMLButtonElement;
    expect(sendButton.disabled).toBe(true);

    Object.assign(reply, {
      text: 'I am not supposed to dream.',
      expression: 'laugh',
      state: 'complete',
    });
    expect(
      await screen.findByText('I am not supposed to dream.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(sendButton.disabled).toBe(false);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/ada-laugh.svg');
    const reads = server.recordReads();
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.recordReads()).toBe(reads);
  });

  it('does not send on Enter with a touch keyboard', async () => {
    pointer(false);
    const { sent } = stubChatServer();
    renderPanel();
    const input = await screen.findByLabelText('Message to Ada');
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
  });
});

describe('message-send confirmation', () => {
  it('shows price and balance and remembers "don\'t ask again"', () => {
    localStorage.clear();
    const confirm = vi.fn();
    const close = vi.fn();
    render(
      <SendConfirm price={10} balance={40} regenerate={false} close={close} onConfirm={confirm} />,
    );
    expect(screen.getByText('Sending a message costs 10 gems.')).toBeTruthy();
    expect(screen.getByText('Your balance: 40 gems')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Don’t ask again'));
    fireEvent.click(screen.getByRole('button', { name: 'Send for 10 gems' }));
    expect(confirm).toHaveBeenCalled();
    expect(localStorage.getItem('chat_send_confirm_skip')).toBe('1');
  });

  it('warns with the SPEC text when the balance is short', () => {
    render(
      <SendConfirm
        price={10}
        balance={5}
        regenerate={false}
        close={() => {}}
        onConfirm={() => {}}
      />,
    );
    expect(screen.getByText('Insufficient balance, please recharge first')).toBeTruthy();
  });
});
