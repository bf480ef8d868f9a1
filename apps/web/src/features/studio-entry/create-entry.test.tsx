import type { LoginData } from '@taleforge/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavLinks } from '../../app/layout/nav-links';
import { DialogOutlet } from '../../shared/ui/dialog/dialog-outlet';
import { dialogStore } from '../../shared/ui/dialog/dialog-store';
import { toastStore } from '../../shared/ui/toast/toast-store';
import { loginModalStore } from '../auth/login-modal/login-modal-store';
import { saveLogin } from '../auth/session';
import { CreateAfterSignIn } from './create-entry';

// Under test the config is `vite dev`'s: the studio is the dev origin.
const STUDIO = 'http://localhost:5174/?from=player';

const login: LoginData = {
  access_token: 'tok_secret',
  oauth_enum: 'EMAIL',
  uid: 'u_7',
  need_complete_nick_name: false,
  new_user: false,
  user_info_resp: {
    taleforge_id: 'u_7',
    nick_name: 'Mei',
    avatar: null,
    email: 'mei@example.com',
    oauth_enum: 'EMAIL',
    role: 'user',
    created_at: '2026-01-01T00:00:00.000Z',
  },
};

function renderNav(variant: 'sidebar' | 'tabbar' = 'sidebar') {
  render(
    <MemoryRouter>
      <NavLinks variant={variant} />
      <CreateAfterSignIn />
      <DialogOutlet />
    </MemoryRouter>,
  );
}

const createButton = () => screen.getByRole('button', { name: /^Create/ });

afterEach(() => {
  vi.restoreAllMocks();
  act(() => {
    loginModalStore.forceClose();
    while (dialogStore.current()) dialogStore.close();
  });
});

describe('the create entry point', () => {
  it('opens the studio in a new tab for a signed-in account, with no token in the address', () => {
    localStorage.setItem('access_token', 'tok_secret');
    localStorage.setItem('userInfo', JSON.stringify({ nick_name: 'Mei', oauth_enum: 'EMAIL' }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderNav('tabbar');
    fireEvent.click(createButton());
    expect(open).toHaveBeenCalledExactlyOnceWith(STUDIO, '_blank');
    expect(String(open.mock.calls[0]![0])).not.toContain('tok_secret');
    expect(loginModalStore.getSnapshot().open).toBe(false);
  });

  it('tells a visitor to log in to create, then opens the studio once they have signed in', () => {
    localStorage.setItem('access_token', 'tok_visitor');
    localStorage.setItem('userInfo', JSON.stringify({ oauth_enum: 'DF_ID' }));
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderNav();
    fireEvent.click(createButton());
    expect(open).not.toHaveBeenCalled();
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Login to create');
    expect(loginModalStore.getSnapshot().open).toBe(true);

    act(() => {
      saveLogin(login);
      loginModalStore.signedIn();
    });
    expect(open).toHaveBeenCalledExactlyOnceWith(STUDIO, '_blank');
  });

  it('offers the tap itself when the browser blocks a tab opened after sign-in', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderNav();
    fireEvent.click(createButton());
    act(() => {
      saveLogin(login);
      loginModalStore.signedIn();
    });
    const dialog = await screen.findByRole('dialog', { name: "You're signed in" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the studio' }));
    expect(open).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('forgets the wish to create when the login dialog is closed without signing in', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderNav();
    fireEvent.click(createButton());
    act(() => loginModalStore.close());
    act(() => {
      saveLogin(login);
      loginModalStore.signedIn();
    });
    expect(open).not.toHaveBeenCalled();
  });
});
