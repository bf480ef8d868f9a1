import type { PlayState, ResourceInfo } from '@taleforge/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../shared/ui/toast/toast-store';
import { renderWithQuery, stubApi, stubApiHandlers } from '../../test/render';
import { DramaPlayPage } from './drama-play-page';
import { playLoader } from './play-loader';

const chapter = (id: number, position: number, price: number, unlocked: boolean) => ({
  id,
  position,
  title: `Part ${position}`,
  price_gems: price,
  unlocked,
  completed: false,
});

const resources: ResourceInfo = {
  game: {
    id: 7,
    kind: 'story',
    title: 'The Test Story',
    cover: '/c.svg',
    description: '',
    script_type: 'SUSPENSE',
    tags: [],
    languages: ['en_US'],
    creator: { taleforge_id: 'u_1', nick_name: 'Studio', avatar: null },
    chapter_count: 2,
    play_count: 0,
    like_count: 0,
    published_at: '2026-01-01T00:00:00.000Z',
  },
  chapters: [chapter(11, 1, 0, true), chapter(12, 2, 60, false)],
  npcs: [
    {
      id: 3,
      key: 'ada',
      name: 'Ada',
      greeting: 'Hi',
      portraits: {
        normal: '/ada-normal.svg',
        grin: '/ada-grin.svg',
      } as ResourceInfo['npcs'][number]['portraits'],
    },
  ],
  scenes: [],
  audio: [],
  save: null,
};

const state: PlayState = {
  game_id: 7,
  chapter_id: 11,
  chapter_title: 'Part 1',
  story_version: 1,
  chapter_updated: false,
  seq: 1,
  scene: null,
  lines: [
    { text: 'Rain.', speaker: null, speaker_name: null, npc_id: null, expression: null },
    { text: 'Choose.', speaker: 'ada', speaker_name: 'Ada', npc_id: 3, expression: 'grin' },
  ],
  line_seen: 0,
  choices: [
    { index: 0, text: 'Stay' },
    { index: 1, text: 'Go' },
  ],
  stats: { experience: 0, health: 90, magic: 50, stars: 2, defence: 0 },
  inventory: [{ key: 'healing_potion', count: 1, usable: true }],
  tasks: [{ key: 't', title: 'Find the key', done: false }],
  npcs: [{ npc_id: 3, key: 'ada', name: 'Ada', health: 100, magic: 50, experience: 0 }],
  minigame: null,
  outcome: null,
  conversation: null,
  history: [],
  chapter_ended: false,
  summary: null,
  next_chapter: null,
};

const visitorLogin = {
  access_token: 'tok',
  oauth_enum: 'DF_ID',
  uid: 'u_9',
  need_complete_nick_name: false,
  new_user: true,
  user_info_resp: {
    taleforge_id: 'u_9',
    nick_name: null,
    avatar: null,
    email: null,
    oauth_enum: 'DF_ID',
    role: 'user',
    created_at: '2026-01-01T00:00:00.000Z',
  },
};

/** The JSON bodies the page posted, in order. */
function postedBodies(fetchMock: ReturnType<typeof stubApi>) {
  const calls = fetchMock.mock.calls as unknown as [unknown, RequestInit | undefined][];
  return calls
    .map(([url, init]) => ({ url: String(url), body: init?.body }))
    .filter((c) => c.body)
    .map((c) => ({
      path: new URL(c.url, 'http://localhost').pathname,
      ...JSON.parse(String(c.body)),
    }));
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderPage(entry = '/drama/7') {
  const router = createMemoryRouter(
    [
      {
        path: '/drama/:id',
        loader: playLoader,
        Component: DramaPlayPage,
      },
    ],
    { initialEntries: [entry] },
  );
  return { router, ...renderWithQuery(<RouterProvider router={router} />) };
}

describe('<DramaPlayPage/>', () => {
  it('signs a visitor in, types the lines a tap at a time, then offers the choices', async () => {
    const fetchMock = stubApi({
      '/api/v1/login': visitorLogin,
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': state,
    });
    renderPage();
    const typed = () =>
      screen.getByTestId('dialogue').querySelector('.dialogue__text')?.textContent;
    const dialogue = await screen.findByTestId('dialogue');
    await waitFor(() => expect(typed()).toBe('Rain.'));
    // Stored the way every login is (features/auth/session), user info and all.
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(localStorage.getItem('oauth_enum')).toBe('DF_ID');
    expect(localStorage.getItem('user_id')).toBe('u_9');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toMatchObject({
      uid: 'u_9',
      oauth_enum: 'DF_ID',
    });
    expect(screen.queryByRole('button', { name: /Stay/ })).toBeNull();
    // The loader's start and asset read serve the page: nothing is asked twice.
    const asked = (path: string) =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes(path)).length;
    expect([asked('/game/event'), asked('/resource/info'), asked('/v1/login')]).toEqual([1, 1, 1]);

    fireEvent.click(dialogue);
    await waitFor(() => expect(typed()).toBe('Choose.'));
    // The speaker's portrait shows the expression the line names.
    expect(screen.getByRole('img', { name: 'Ada' }).getAttribute('src')).toBe('/ada-grin.svg');
    const stay = await screen.findByRole('button', { name: /Stay/ });

    // The journal: stats, the task, the NPC, the item, and chapter two locked with its price.
    expect(screen.getByRole('meter', { name: 'Health' }).getAttribute('aria-valuenow')).toBe('90');
    expect(screen.getByText('Find the key')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use Healing potion' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Chapter 2 · Part 2/ }).textContent).toContain(
      'Locked · 60 gems',
    );

    fireEvent.click(stay);
    await waitFor(() => {
      const calls = fetchMock.mock.calls as unknown as [unknown, RequestInit | undefined][];
      const bodies = calls
        .map(([, init]) => init?.body)
        .filter(Boolean)
        .map((b) => JSON.parse(String(b)));
      expect(bodies).toContainEqual({ type: 'choose', game_id: 7, seq: 1, choice_index: 0 });
    });
  });

  it('opening another game adopts that game’s first step from the loader, asked once', async () => {
    localStorage.setItem('access_token', 'tok');
    const fetchMock = stubApi({
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': state,
    });
    const { router } = renderPage();
    await screen.findByTestId('dialogue');
    await router.navigate('/drama/8');
    await waitFor(() =>
      expect(postedBodies(fetchMock)).toContainEqual(expect.objectContaining({ game_id: 8 })),
    );
    // Give a second, duplicate start the chance to show up.
    await new Promise((r) => setTimeout(r, 50));
    const starts = (id: number) =>
      postedBodies(fetchMock).filter((b) => b.type === 'start' && b.game_id === id).length;
    expect([starts(7), starts(8)]).toEqual([1, 1]);
  });

  it('talks to a met character from the journal; the stage shows the face the chat shows', async () => {
    localStorage.setItem('access_token', 'tok');
    stubApi({
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': state,
      '/api/auth/wallet/balance': { gem_balance: 100, balance: 100 },
      '/api/auth/h5/game/v2/conversation/info': {
        game_id: 7,
        npc_id: 3,
        name: 'Ada',
        portrait: '/ada-grin.svg',
        greeting: 'Hi',
        expression: 'grin',
        goal: null,
        price_gems: 10,
        engine: 'offline',
        tasks: [],
        npc_status: { health: 100, magic: 50, experience: 0 },
        goal_progress: null,
      },
      '/api/auth/h5/game/chat/record': { records: [], next_cursor: null },
    });
    renderPage();
    await screen.findByTestId('dialogue');
    // Before any chat the stage follows the story: narration, so nobody is on stage yet.
    expect(screen.queryByRole('img', { name: 'Ada' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Talk to Ada' }));
    await screen.findByRole('textbox');
    await waitFor(() => {
      const faces = screen
        .getAllByRole('img', { name: 'Ada' })
        .map((img) => img.getAttribute('src'));
      expect(faces).toContain('/ada-grin.svg');
      // The stage's portrait is one of them, not only the panel's.
      expect(document.querySelector('.play__portrait')?.getAttribute('src')).toBe('/ada-grin.svg');
    });
  });

  it('opens a step at the line the save last saw, and reports each line read', async () => {
    localStorage.setItem('access_token', 'tok');
    const three = {
      ...state,
      seq: 4,
      lines: [
        { text: 'One.', speaker: null, speaker_name: null, npc_id: null, expression: null },
        { text: 'Two.', speaker: null, speaker_name: null, npc_id: null, expression: null },
        { text: 'Three.', speaker: 'ada', speaker_name: 'Ada', npc_id: 3, expression: null },
      ],
      line_seen: 1,
    } satisfies PlayState;
    const fetchMock = stubApi({
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': three,
      '/api/auth/h5/game/event/seen': { line_seen: 2 },
    });
    renderPage();
    const typed = () =>
      screen.getByTestId('dialogue').querySelector('.dialogue__text')?.textContent;
    await waitFor(() => expect(typed()).toBe('Two.'));
    fireEvent.click(screen.getByTestId('dialogue'));
    await waitFor(() => expect(typed()).toBe('Three.'));
    await waitFor(() =>
      expect(postedBodies(fetchMock)).toContainEqual({
        path: '/taleforge/api/auth/h5/game/event/seen',
        game_id: 7,
        seq: 4,
        line: 2,
      }),
    );
  });

  it('a story that could not be opened offers to try again, and trying again opens it', async () => {
    localStorage.setItem('access_token', 'tok');
    const fetchMock = stubApi({
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': state,
    });
    const serve = fetchMock.getMockImplementation()!;
    let failures = 1;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input).includes('/game/event') && failures-- > 0) {
        return new Response('{}', { status: 502 });
      }
      return serve(input);
    });
    vi.spyOn(toast, 'error').mockReturnValue(0);
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(
      screen.getByRole('heading', { name: 'The story could not be opened just now.' }),
    ).toBeTruthy();
    // Keyboard players land on it.
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    await waitFor(() =>
      expect(screen.getByTestId('dialogue').querySelector('.dialogue__text')?.textContent).toBe(
        'Rain.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a game that does not exist says so, with no retry', async () => {
    localStorage.setItem('access_token', 'tok');
    const fetchMock = stubApi({ '/api/auth/h5/game/resource/info': resources });
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ status: 4001, desc: 'Game not found', data: null })),
    );
    vi.spyOn(toast, 'error').mockReturnValue(0);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'This story could not be opened.' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('opens the conversation named by ?chat= (back from a top-up), with the words kept', async () => {
    localStorage.setItem('access_token', 'tok');
    sessionStorage.setItem('chat_draft:7:3', 'Who took the ledger?');
    stubApi({
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': state,
      '/api/auth/wallet/balance': { gem_balance: 320, balance: 320 },
      '/api/auth/h5/game/v2/conversation/info': {
        game_id: 7,
        npc_id: 3,
        name: 'Ada',
        portrait: '/ada-grin.svg',
        greeting: 'Hi',
        expression: 'grin',
        goal: null,
        price_gems: 10,
        engine: 'openai',
        tasks: [],
        npc_status: { health: 100, magic: 50, experience: 0 },
        goal_progress: null,
      },
      '/api/auth/h5/game/chat/record': { records: [], next_cursor: null },
    });
    const { router } = renderPage('/drama/7?chat=3');
    const box = (await screen.findByLabelText('Message to Ada')) as HTMLTextAreaElement;
    expect(box.value).toBe('Who took the ledger?');
    // Closed, the conversation leaves the address: a reload does not open it again.
    fireEvent.click(screen.getByRole('button', { name: 'Close the conversation' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByLabelText('Message to Ada')).toBeNull();
    sessionStorage.clear();
  });

  it('buys a locked chapter through the wallet’s dialog, then starts it', async () => {
    localStorage.setItem('access_token', 'tok');
    const fetchMock = stubApi({
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': state,
      '/api/auth/wallet/balance': { gem_balance: 100, balance: 100 },
      '/api/auth/h5/game/unlock': { already_unlocked: false, price: 60, gem_balance: 40 },
    });
    const success = vi.spyOn(toast, 'success').mockReturnValue(0);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Chapter 2 · Part 2/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Unlock this chapter?' });
    expect(dialog.textContent).toContain('Chapter 2 · Part 2');
    await waitFor(() => expect(screen.getByTestId('unlock-balance').textContent).toBe('100'));
    const resourceReads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('/resource/info')).length;
    const readsBefore = resourceReads();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock for 60 gems' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(success).toHaveBeenCalledWith('Unlocked');
    await waitFor(() => {
      expect(postedBodies(fetchMock)).toContainEqual(
        expect.objectContaining({ type: 'start', game_id: 7, chapter_id: 12 }),
      );
    });
    const bodies = postedBodies(fetchMock);
    const unlock = bodies.find((b) => b.path.endsWith('/h5/game/unlock'));
    expect(unlock).toMatchObject({ game_id: 7, chapter_id: 12 });
    expect(bodies.indexOf(unlock!)).toBeLessThan(
      bodies.findIndex((b) => b.type === 'start' && b.chapter_id === 12),
    );
    // The chapter list is read again, so it shows chapter two open.
    await waitFor(() => expect(resourceReads()).toBeGreaterThan(readsBefore));
  });

  it('tells a player part-way through a republished chapter, and restarts it on the new text', async () => {
    localStorage.setItem('access_token', 'tok');
    const events: unknown[] = [];
    stubApiHandlers({
      '/api/auth/h5/game/resource/info': () => ({ data: resources }),
      '/api/auth/h5/game/event': ({ body }) => {
        events.push(body);
        const restarted = (body as { restart?: boolean }).restart === true;
        return {
          data: restarted
            ? {
                ...state,
                story_version: 2,
                chapter_updated: false,
                seq: 2,
                lines: [state.lines[0]],
              }
            : { ...state, chapter_updated: true },
        };
      },
    });
    renderPage();
    const notice = await screen.findByRole('region', { name: 'Chapter updated' });
    expect(notice.textContent).toContain(
      'The creator updated this chapter. Restart it to read the new version.',
    );
    // Not in the way: the story reads on beneath it.
    expect(await screen.findByTestId('dialogue')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Restart chapter' }));
    await waitFor(() =>
      expect(events).toContainEqual({ type: 'start', game_id: 7, chapter_id: 11, restart: true }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Chapter updated' })).toBeNull(),
    );
  });

  it('lets the player dismiss the notice and read on', async () => {
    localStorage.setItem('access_token', 'tok');
    stubApi({
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': { ...state, chapter_updated: true },
    });
    renderPage();
    await screen.findByRole('region', { name: 'Chapter updated' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Chapter updated' })).toBeNull();
    expect(screen.getByTestId('dialogue')).toBeTruthy();
  });
});
