import type { PlayState, ResourceInfo } from '@taleforge/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithQuery, stubApi } from '../../test/render';
import { DramaPlayPage } from './drama-play-page';

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
  seq: 1,
  scene: null,
  lines: [
    { text: 'Rain.', speaker: null, speaker_name: null, npc_id: null, expression: null },
    { text: 'Choose.', speaker: 'ada', speaker_name: 'Ada', npc_id: 3, expression: 'grin' },
  ],
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

function renderPage() {
  const router = createMemoryRouter([{ path: '/drama/:id', Component: DramaPlayPage }], {
    initialEntries: ['/drama/7'],
  });
  return renderWithQuery(<RouterProvider router={router} />);
}

describe('<DramaPlayPage/>', () => {
  it('signs a visitor in, types the lines a tap at a time, then offers the choices', async () => {
    const fetchMock = stubApi({
      '/api/v1/login': { access_token: 'tok', oauth_enum: 'DF_ID', uid: 'u_9' },
      '/api/auth/h5/game/resource/info': resources,
      '/api/auth/h5/game/event': state,
    });
    renderPage();
    const typed = () =>
      screen.getByTestId('dialogue').querySelector('.dialogue__text')?.textContent;
    const dialogue = await screen.findByTestId('dialogue');
    await waitFor(() => expect(typed()).toBe('Rain.'));
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(screen.queryByRole('button', { name: /Stay/ })).toBeNull();

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
});
