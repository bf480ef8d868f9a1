import { configure, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildGameCard } from '../../test/games';
import { stubApi } from '../../test/render';
import { ForYouPage, forYouLoader } from './for-you-page';

const renderForYou = () =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [{ path: '/For_You', loader: forYouLoader, Component: ForYouPage }],
        { initialEntries: ['/For_You'] },
      )}
    />,
  );

// The page reads through a lazy loader and a query: on a busy two-core machine the first render
// of a file can take more than the default second.
configure({ asyncUtilTimeout: 5_000 });

describe('For You', () => {
  it('features the first recommended game and lists every section that has games', async () => {
    stubApi({
      '/api/h5/game/home': {
        sections: [
          { key: 'new', script_type: null, games: [buildGameCard({ id: 2, title: 'Ashfall' })] },
          { key: 'recommended', script_type: null, games: [buildGameCard({ title: 'Lanterns' })] },
          { key: 'HEROES', script_type: 'HEROES', games: [] },
        ],
      },
    });
    renderForYou();
    expect(await screen.findByRole('heading', { level: 2, name: 'Lanterns' })).toBeTruthy();
    expect(screen.getAllByText('Ashfall').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: /heroes/i })).toBeNull();
  });

  it('features the featured game, shows every other game once, and links to every story', async () => {
    localStorage.setItem('access_token', 'tok');
    stubApi({
      '/api/h5/game/home': {
        sections: [
          {
            key: 'featured',
            script_type: null,
            games: [buildGameCard({ id: 1, title: 'Lanterns' })],
          },
          {
            key: 'recommended',
            script_type: null,
            games: [
              buildGameCard({ id: 2, title: 'Kepler' }),
              buildGameCard({ id: 3, title: 'Ember' }),
            ],
          },
          { key: 'new', script_type: null, games: [buildGameCard({ id: 4, title: 'Ashfall' })] },
        ],
      },
      '/api/h5/game/user/games': {
        list: [
          {
            game: buildGameCard({ id: 4, title: 'Ashfall' }),
            chapter_id: 9,
            chapter_title: 'Cold Start',
            progress_percent: 10,
            last_played_at: '2026-11-20T10:00:00.000Z',
          },
        ],
        page: 1,
        page_size: 10,
        total: 1,
      },
    });
    renderForYou();
    expect(await screen.findByRole('heading', { level: 2, name: 'Lanterns' })).toBeTruthy();
    // Ashfall is being continued: it sits in that shelf only, and its "new" shelf is gone.
    expect(screen.getAllByText('Ashfall')).toHaveLength(1);
    expect(screen.getAllByText('Lanterns')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'New releases' })).toBeNull();
    const shelf = screen.getByRole('region', { name: 'Recommended for you' });
    expect(shelf.textContent).toContain('Kepler');
    expect(screen.getByRole('link', { name: 'Browse all' }).getAttribute('href')).toBe('/browse');
    localStorage.clear();
  });

  it('puts the games a player has started first, with where they are and how far', async () => {
    localStorage.setItem('access_token', 'tok');
    const fetchMock = stubApi({
      '/api/h5/game/home': {
        sections: [{ key: 'new', script_type: null, games: [buildGameCard({ title: 'Ashfall' })] }],
      },
      '/api/h5/game/user/games': {
        list: [
          {
            game: buildGameCard({ id: 4, title: 'Kepler' }),
            chapter_id: 9,
            chapter_title: 'Cold Start',
            progress_percent: 33.3,
            last_played_at: '2026-11-20T10:00:00.000Z',
          },
        ],
        page: 1,
        page_size: 10,
        total: 1,
      },
    });
    renderForYou();
    const shelf = await screen.findByRole('region', { name: 'Continue playing' });
    expect(shelf.textContent).toContain('Kepler');
    expect(shelf.textContent).toContain('Cold Start');
    expect(screen.getByRole('progressbar', { name: '33% of the story played' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
    expect(asked).toContain('/taleforge/api/h5/game/user/games');
    localStorage.clear();
  });

  it('asks nobody without a session for games they started, and shows no shelf', async () => {
    const fetchMock = stubApi({ '/api/h5/game/home': { sections: [] } });
    renderForYou();
    expect(await screen.findByText('Step into stories that answer back')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Continue playing' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the welcome when no game is published yet', async () => {
    stubApi({ '/api/h5/game/home': { sections: [] } });
    renderForYou();
    expect(await screen.findByText('Step into stories that answer back')).toBeTruthy();
  });

  it('offers a retry after a failed read, and the retry reads again', async () => {
    const fetchMock = stubApi({});
    renderForYou();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert').textContent).toContain('Stories could not be loaded.');
    stubApi({ '/api/h5/game/home': { sections: [] } });
    fireEvent.click(retry);
    expect(await screen.findByText('Step into stories that answer back')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
