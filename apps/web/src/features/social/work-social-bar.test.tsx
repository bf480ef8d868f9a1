import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../shared/ui/toast/toast-store';
import { renderWithQuery, signIn, stubApiHandlers } from '../../test/render';
import { loginModalStore } from '../auth/login-modal/login-modal-store';
import { WorkSocialBar } from './work-social-bar';

const social = { game_id: 7, like_count: 1_234, comment_count: 56, liked: false };

function show() {
  return renderWithQuery(
    <MemoryRouter>
      <WorkSocialBar gameId={7} title="The Lantern Ledger" />
    </MemoryRouter>,
  );
}

const toasts = () => toastStore.getSnapshot().map((toast) => toast.message);

describe('<WorkSocialBar/>', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => loginModalStore.close());
  });

  it('shows the like at once, and puts it back with "Like failed" when the server refuses', async () => {
    signIn('tfReader');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const likes: unknown[] = [];
    stubApiHandlers({
      '/api/h5/game/social': () => ({ data: social }),
      // The answer waits until the test has seen the optimistic state.
      '/api/auth/h5/game/like': async ({ body }) => {
        likes.push(body);
        await held;
        return { status: 6204, desc: 'Like failed' };
      },
    });
    show();
    const like = await screen.findByRole('button', { name: 'Like · 1.2k' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toBe('1.2k');
    release();
    await waitFor(() => expect(toasts()).toContain('Like failed'));
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Like · 1.2k' })).toBe(like);
    expect(likes).toEqual([{ game_id: 7, like: true }]);
  });

  it('takes the count the server answers with', async () => {
    signIn('tfReader');
    stubApiHandlers({
      '/api/h5/game/social': () => ({ data: { ...social, like_count: 999 } }),
      '/api/auth/h5/game/like': () => ({ data: { ...social, like_count: 1_000, liked: true } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Like · 999' }));
    const liked = await screen.findByRole('button', { name: 'Like · 1.0k' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
  });

  it('sends a visitor to sign in instead of liking', async () => {
    const fetchMock = stubApiHandlers({ '/api/h5/game/social': () => ({ data: social }) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Like · 1.2k' }));
    expect(loginModalStore.getSnapshot().open).toBe(true);
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.includes('/game/like'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Comments · 56' })).toBeTruthy();
  });
});
