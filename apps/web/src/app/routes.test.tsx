import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../shared/api/query-client';
import { stubApi } from '../test/render';
import { SETTLED } from '../test/settled';
import { pageReloader } from './chunk-error';
import { routes } from './routes';

const Blank = () => null;

/** The app's route tree with the screens inside the shell replaced or extended. */
function withScreens(screens: (existing: RouteObject[]) => RouteObject[]): RouteObject[] {
  const root = routes[0]!;
  const group = root.children![0]!;
  return [
    { ...root, children: [{ ...group, children: screens(group.children ?? []) }] } as RouteObject,
  ];
}

async function settle(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // A screen's first lazy import is transformed on the spot: seconds on a loaded machine.
  await vi.waitFor(() => {
    expect(router.state.initialized).toBe(true);
    expect(router.state.navigation.state).toBe('idle');
  }, SETTLED);
  return router;
}

describe('routes', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['/', '/For_You'],
    ['/nowhere/at/all', '/For_You'],
    ['/For_You', '/For_You'],
    ['/drama', '/drama'],
    ['/browse', '/browse'],
    ['/drama/42', '/drama/42'],
    ['/discordloginback', '/discordloginback'],
    ['/payment/callback', '/payment/callback'],
  ])('%s ends at %s', async (from, to) => {
    const router = await settle(from);
    expect(router.state.location.pathname).toBe(to);
  });

  describe('profile guard', () => {
    it('sends visitors without a session home', async () => {
      for (const path of ['/profile', '/profile/me', '/profile/u123']) {
        const router = await settle(path);
        expect(router.state.location.pathname).toBe('/For_You');
      }
    });

    it('needs both the token and the user info', async () => {
      localStorage.setItem('access_token', 'tok');
      expect((await settle('/profile/me')).state.location.pathname).toBe('/For_You');
      localStorage.setItem('userInfo', '{"nick_name":"Ada"}');
      expect((await settle('/profile')).state.location.pathname).toBe('/profile/me');
      expect((await settle('/profile/u123')).state.location.pathname).toBe('/profile/u123');
    });

    it('lets a profile kept in session storage through', async () => {
      sessionStorage.setItem('profile_info', '{"taleforge_id":"u9"}');
      expect((await settle('/profile/u9')).state.location.pathname).toBe('/profile/u9');
    });
  });

  describe('errors', () => {
    const renderRoutes = (router: ReturnType<typeof createMemoryRouter>) =>
      render(
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );

    it('reloads 1000 ms after a screen module fails to load, saying it is updating', async () => {
      // Only timeouts are faked, and time moves only when the test moves it: a loaded machine's
      // real seconds cannot reach the reload early.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
      const broken = withScreens(() => [
        {
          path: 'drama',
          lazy: () =>
            Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')),
        },
      ]);
      renderRoutes(createMemoryRouter(broken, { initialEntries: ['/drama'] }));
      // Testing Library's async queries wait on a timeout, which stands still here.
      const end = Date.now() + SETTLED.timeout;
      while (!screen.queryByText('Updating to the latest version…')) {
        if (Date.now() > end) throw new Error('the update notice never showed');
        await act(() => new Promise((resolve) => setImmediate(resolve)));
      }
      // The shell stays: the error is handled inside it.
      expect(screen.getAllByRole('navigation').length).toBeGreaterThan(0);
      await act(() => vi.advanceTimersByTimeAsync(999));
      expect(reload).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(reload).toHaveBeenCalledOnce();
    });

    it('sends any other route error home', async () => {
      stubApi({ '/api/h5/game/home': { sections: [] }, '/api/v1/analytics/page-view': null });
      const broken = withScreens((existing) => [
        ...existing,
        {
          path: 'explode',
          Component: Blank,
          loader: () => {
            throw new Error('boom');
          },
        },
      ]);
      const router = createMemoryRouter(broken, { initialEntries: ['/explode'] });
      renderRoutes(router);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/For_You'), SETTLED);
      expect(await screen.findByRole('heading', { level: 1, name: 'For You' })).toBeTruthy();
    });
  });
});
