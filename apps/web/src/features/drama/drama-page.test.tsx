import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildGameCard } from '../../test/games';
import { renderWithQuery, signIn, stubApiHandlers } from '../../test/render';
import { DramaPage } from './drama-page';

const heiress = buildGameCard({ id: 9, kind: 'series', title: 'The Glass Heiress' });
const lantern = buildGameCard({ id: 1, kind: 'story', title: 'The Lantern Keeper' });
const continuing = {
  game_id: 9,
  series_title: 'The Glass Heiress',
  cover: '/media/series-9/cover.jpg',
  episode_id: 102,
  episode_number: 2,
  episode_count: 6,
  position_ms: 10_000,
  duration_ms: 40_000,
  poster_url: null,
  watched_at: '2026-11-27T10:00:00.000Z',
};

function serve() {
  const kinds: (string | null)[] = [];
  stubApiHandlers({
    '/api/auth/h5/game/list': ({ query }) => {
      kinds.push(query.get('kind'));
      const list = query.get('kind') === 'series' ? [heiress] : [lantern];
      return { data: { list, next_cursor: null } };
    },
    '/api/h5/drama/continue': () => ({ data: { list: [continuing] } }),
  });
  return kinds;
}

function show() {
  renderWithQuery(
    <MemoryRouter initialEntries={['/drama']}>
      <DramaPage />
    </MemoryRouter>,
  );
}

describe('<DramaPage/>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows series as tall posters and story games as cards, each read by its kind', async () => {
    signIn('tfViewer');
    const kinds = serve();
    show();
    const series = await screen.findByRole('region', { name: 'Drama series' });
    const poster = await within(series).findByRole('link', { name: /The Glass Heiress/ });
    expect(poster.getAttribute('href')).toBe('/drama/9');
    expect(poster.getAttribute('data-kind')).toBe('series');
    const stories = screen.getByRole('region', { name: 'Story games' });
    expect(await within(stories).findByRole('link', { name: /The Lantern Keeper/ })).toBeTruthy();
    expect(within(stories).getByRole('link', { name: 'Browse all stories' })).toBeTruthy();
    expect(kinds.sort()).toEqual(['series', 'story']);
  });

  it('puts the series the viewer is watching first, and opens the player where they were', async () => {
    signIn('tfViewer');
    serve();
    const opened: unknown[] = [];
    const listener = (event: Event) => opened.push((event as CustomEvent).detail);
    window.addEventListener('open-player', listener);
    show();
    const row = await screen.findByRole('region', { name: 'Continue watching' });
    expect(within(row).getByText('Episode 2 of 6 · 25%')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /The Glass Heiress/ }));
    expect(opened).toEqual([{ kind: 'series', gameId: 9, episodeId: 102 }]);
    window.removeEventListener('open-player', listener);
  });

  it('asks nothing about watching of someone without a session', async () => {
    const fetchMock = stubApiHandlers({
      '/api/v1/login': () => ({ status: 500, desc: 'no' }),
    });
    show();
    await screen.findByRole('region', { name: 'Drama series' });
    expect(screen.queryByRole('region', { name: 'Continue watching' })).toBeNull();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/drama/continue'))).toBe(false);
  });
});
