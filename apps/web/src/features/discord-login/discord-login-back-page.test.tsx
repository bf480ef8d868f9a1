import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client';
import { toast } from '../../shared/ui/toast/toast-store';
import { SETTLED } from '../../test/settled';
import { loginModalStore } from '../auth/login-modal/login-modal-store';
import { DiscordLoginBackPage } from './discord-login-back-page';

const resp = {
  taleforge_id: 'u_d',
  nick_name: 'Nightjar',
  avatar: null,
  email: null,
  oauth_enum: 'DISCORD',
  role: 'user',
  created_at: '2026-01-01T00:00:00.000Z',
};

function answer(status: number, data: unknown, desc = 'ok') {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body ?? '{}')));
      return new Response(JSON.stringify({ status, desc, data }));
    }),
  );
  return bodies;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/discordloginback', Component: DiscordLoginBackPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('/discordloginback', () => {
  afterEach(() => loginModalStore.forceClose());

  it('sends code and state once, stores the session and returns without a reload', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(0);
    const bodies = answer(200, {
      access_token: 'tok_d',
      oauth_enum: 'DISCORD',
      uid: 'u_d',
      need_complete_nick_name: false,
      new_user: false,
      user_info_resp: resp,
      return_path: '/drama/3',
    });
    const router = renderAt('/discordloginback?code=c0de&state=st4te');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/drama/3'), SETTLED);
    expect(bodies).toEqual([
      { oauth_enum: 'DISCORD', scene_type: 1, code: 'c0de', state: 'st4te' },
    ]);
    expect(localStorage.getItem('access_token')).toBe('tok_d');
    expect(localStorage.getItem('oauth_enum')).toBe('DISCORD');
    expect(loginModalStore.getSnapshot().open).toBe(false);
  });

  it('opens the nickname step for a new account and remembers where to return', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(0);
    answer(200, {
      access_token: 'tok_n',
      oauth_enum: 'DISCORD',
      uid: 'u_d',
      need_complete_nick_name: true,
      new_user: true,
      user_info_resp: resp,
      return_path: '/drama',
    });
    const router = renderAt('/discordloginback?code=c&state=s');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/drama'), SETTLED);
    expect(loginModalStore.getSnapshot()).toMatchObject({ open: true, step: 1 });
    expect(sessionStorage.getItem('login_origin_url')).toBe('/drama');
  });

  it('never follows a return path that leaves the site', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(0);
    answer(200, {
      access_token: 'tok_e',
      oauth_enum: 'DISCORD',
      uid: 'u_d',
      need_complete_nick_name: true,
      new_user: true,
      user_info_resp: resp,
      return_path: '/\t/evil.example/x',
    });
    const router = renderAt('/discordloginback?code=c&state=s');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/For_You'), SETTLED);
    expect(sessionStorage.getItem('login_origin_url')).toBe('/For_You');
  });

  it('shows the server message and a way back when the sign-in is refused', async () => {
    answer(2011, null, 'This sign-in link has expired, please start again');
    renderAt('/discordloginback?code=c&state=forged');
    expect(await screen.findByRole('heading', { name: 'Discord sign-in failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This sign-in link has expired, please start again',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try signing in again' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(loginModalStore.getSnapshot().open).toBe(true);
  });

  it('says so when Discord sent the player back without a code', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/discordloginback?error=access_denied&state=s');
    expect(await screen.findByRole('heading', { name: 'Discord sign-in failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Discord did not complete the sign-in. You can try again.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
