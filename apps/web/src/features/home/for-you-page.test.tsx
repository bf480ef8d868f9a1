import { fireEvent, render, screen } from '@testing-library/react';
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
