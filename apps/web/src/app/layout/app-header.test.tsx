import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHeader } from './app-header';

function signIn(oauthEnum: string, nickName: string | null) {
  localStorage.setItem('access_token', 'tok');
  localStorage.setItem('userInfo', JSON.stringify({ nick_name: nickName, oauth_enum: oauthEnum }));
}

function renderHeader() {
  render(
    <MemoryRouter>
      <AppHeader />
    </MemoryRouter>,
  );
}

afterEach(() => localStorage.clear());

describe('<AppHeader/> account area', () => {
  it('offers the sign-in to a visitor account made when a game was opened', () => {
    signIn('DF_ID', null);
    renderHeader();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Open my profile/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('shows a signed-in account and the way out', () => {
    signIn('EMAIL', 'Wren');
    renderHeader();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    // Named by what it shows, nickname first, never by an aria-label that would leave out the
    // avatar's letter (WCAG 2.5.3; axe label-content-name-mismatch).
    const account = screen.getByRole('link', { name: 'Wren · Open my profile' });
    expect(account.textContent).toContain('Wren');
    expect(account.getAttribute('aria-label')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });
});
