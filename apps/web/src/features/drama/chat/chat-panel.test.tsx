import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../shared/api/query-client';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host';
import { dialogStore } from '../../../shared/ui/dialog/dialog-store';
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
  engine: 'openai',
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

/** What the stub server answers besides the records: the engine's price and the wallet. */
const wallet = { balance: 40, sendStatus: 200 };

function stubChatServer(records: WireRecord[] = [], priceGems = 10) {
  const sent: unknown[] = [];
  let recordReads = 0;
  const replyText = 'Fine! <b>It was</b> <img src=x onerror=alert(1)>Bo.';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/taleforge/, '');
    const ok = (data: unknown) => new Response(JSON.stringify({ status: 200, desc: 'ok', data }));
    if (path.endsWith('/conversation/info')) {
      return ok({ ...info, price_gems: priceGems, engine: priceGems ? 'openai' : 'offline' });
    }
    if (path.endsWith('/chat/record')) {
      recordReads += 1;
      return ok({ records: structuredClone(records), next_cursor: null });
    }
    if (path.endsWith('/wallet/balance')) {
      return ok({ gem_balance: wallet.balance, balance: wallet.balance });
    }
    if (path.endsWith('/chat/send')) {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      if (wallet.sendStatus !== 200) {
        const desc = 'Insufficient balance, please recharge first';
        return new Response(JSON.stringify({ status: wallet.sendStatus, desc, data: null }));
      }
      const at = '2026-01-01T00:00:00.000Z';
      records.push(
        {
          id: '1',
          role: 'player',
          text: body.text,
          expression: null,
          state: 'complete',
          charged_gems: priceGems,
          created_at: at,
        },
        {
          id: '2',
          role: 'npc',
          text: replyText,
          expression: 'laugh',
          state: 'complete',
          charged_gems: 0,
          created_at: at,
        },
      );
      return sse([
        [
          'accepted',
          {
            message_id: '1',
            reply_id: '2',
            charged_gems: priceGems,
            gem_balance: wallet.balance - priceGems,
          },
        ],
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

/** With the router and the dialog host of the app shell: the confirmation opens there. */
const renderInApp = (ui: ReactNode) =>
  renderWithQuery(
    <MemoryRouter initialEntries={['/drama/7']}>
      {ui}
      <DialogHost />
    </MemoryRouter>,
  );

const renderPanel = (onStoryContinued = () => {}) =>
  renderInApp(
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

beforeEach(() => {
  localStorage.setItem('chat_send_confirm_skip', '1');
  Object.assign(wallet, { balance: 40, sendStatus: 200 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  while (dialogStore.current()) dialogStore.close();
  // The confirmation reads through the app's shared cache (it opens outside the screen's scope).
  queryClient.clear();
});

describe('chat panel', () => {
  it('streams the reply as text, changes the portrait, shows price, goal and engine', async () => {
    pointer(true);
    const { sent } = stubChatServer();
    const continued = vi.fn();
    renderPanel(continued);
    expect(await screen.findByText('Get her to confess')).toBeTruthy();
    expect(screen.getByText(/AI language model/)).toBeTruthy();
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
    expect(await screen.findByText('I am not supposed to dream.')).toBeTruthy();
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

describe('what a message costs', () => {
  it('sends a free message at once, and says it is free on the button and in the history', async () => {
    pointer(true);
    localStorage.clear();
    const { sent } = stubChatServer([], 0);
    renderPanel();
    expect(await screen.findByText(/authored character lines/)).toBeTruthy();
    const input = screen.getByLabelText('Message to Ada');
    fireEvent.change(input, { target: { value: 'Who took it?' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send · free' }));
    // The confirmation is for a message that costs gems (SPEC §2), even with "don't ask" unticked.
    expect(await screen.findByText('Free')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Send message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New reply · free' })).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('shows what a model reply cost in the history', async () => {
    pointer(true);
    stubChatServer();
    renderPanel();
    const input = await screen.findByLabelText('Message to Ada');
    fireEvent.change(input, { target: { value: 'Who took it?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('10 gems')).toBeTruthy();
  });

  it('short of gems, offers Top up back to this conversation and keeps the draft', async () => {
    pointer(true);
    wallet.balance = 0;
    const { sent } = stubChatServer();
    const first = renderPanel();
    const input = await screen.findByLabelText('Message to Ada');
    fireEvent.change(input, { target: { value: 'Who took it?' } });
    await screen.findByText('Balance: 0 gems');
    // "Don't ask again" was ticked, and still the confirmation comes: it is the way to Top up.
    fireEvent.click(screen.getByRole('button', { name: 'Send · 10 gems' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send message' });
    expect(
      await within(confirm).findByText('Insufficient balance, please recharge first'),
    ).toBeTruthy();
    expect(within(confirm).queryByRole('button', { name: /Send for/ })).toBeNull();
    expect(within(confirm).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      `/wallet?return=${encodeURIComponent('/drama/7?chat=3')}#top-up`,
    );
    expect(sent).toEqual([]);
    // Back from the wallet (a new page): the words are still in the box.
    first.unmount();
    renderPanel();
    expect(((await screen.findByLabelText('Message to Ada')) as HTMLTextAreaElement).value).toBe(
      'Who took it?',
    );
  });

  it('hands the words back and offers Top up when the server finds too few gems', async () => {
    pointer(true);
    const { sent } = stubChatServer();
    renderPanel();
    const input = (await screen.findByLabelText('Message to Ada')) as HTMLTextAreaElement;
    await screen.findByText('Balance: 40 gems');
    // Spent in another tab meanwhile.
    Object.assign(wallet, { balance: 5, sendStatus: 3001 });
    fireEvent.change(input, { target: { value: 'Who took it?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const confirm = await screen.findByRole('dialog', { name: 'Send message' });
    expect(await within(confirm).findByRole('link', { name: 'Top up' })).toBeTruthy();
    expect(input.value).toBe('Who took it?');
    expect(sent).toHaveLength(1);
  });
});

describe('message-send confirmation', () => {
  it('shows price and balance and remembers "don\'t ask again"', async () => {
    localStorage.clear();
    stubChatServer();
    const confirm = vi.fn();
    const close = vi.fn();
    renderInApp(
      <SendConfirm
        price={10}
        regenerate={false}
        topUpPath="/wallet"
        close={close}
        onConfirm={confirm}
      />,
    );
    expect(screen.getByText('Sending a message costs 10 gems.')).toBeTruthy();
    expect(await screen.findByText('Your balance: 40 gems')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Don’t ask again'));
    fireEvent.click(screen.getByRole('button', { name: 'Send for 10 gems' }));
    expect(confirm).toHaveBeenCalled();
    expect(localStorage.getItem('chat_send_confirm_skip')).toBe('1');
  });
});
