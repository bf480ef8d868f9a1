import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../shared/ui/dialog/dialog-host';
import { closeDialog, dialogStore } from '../../shared/ui/dialog/dialog-store';
import { toastStore } from '../../shared/ui/toast/toast-store';
import { renderWithQuery, signIn, stubApiHandlers } from '../../test/render';
import { loginModalStore } from '../auth/login-modal/login-modal-store';
import { ProfileView } from '../profile/profile-view';

const profile = {
  taleforge_id: 'tfCreator',
  nick_name: 'Mira',
  avatar: null,
  bio: '',
  follower_count: 9_999,
  following_count: 2,
  like_count: 0,
  is_visitor: false,
  hidden: { works: false, played: false, liked: false },
};
const emptyWorks = { list: [], page: 1, page_size: 12, total: 0, hidden: false };
const relation = { is_following: false, follows_you: true, is_blocked: false, blocks_you: false };

function show() {
  return renderWithQuery(
    <MemoryRouter>
      <ProfileView taleforgeId="tfCreator" viewer={{ own: false, signedIn: true }} />
      <DialogHost />
    </MemoryRouter>,
  );
}

const toasts = () => toastStore.getSnapshot().map((toast) => toast.message);
const followerCount = () => screen.getByRole('button', { name: /Show followers$/ }).textContent;

describe('following from a profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      loginModalStore.close();
      while (dialogStore.current()) closeDialog();
    });
  });

  it('follows at once and takes the count from the server', async () => {
    signIn('tfReader');
    const sent: unknown[] = [];
    stubApiHandlers({
      '/api/h5/user/profile': () => ({ data: profile }),
      '/api/h5/user/profile/works': () => ({ data: emptyWorks }),
      '/api/h5/user/relation': () => ({ data: relation }),
      '/api/auth/h5/user/follow': ({ body }) => {
        sent.push(body);
        return { data: { is_following: true, follower_count: 10_001 } };
      },
    });
    show();
    expect(await screen.findByText('Follows you')).toBeTruthy();
    expect(followerCount()).toBe('9.9k');
    const follow = screen.getByRole('button', { name: 'Follow' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(follow);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(followerCount()).toBe('1.0w'));
    expect(sent).toEqual([{ taleforge_id: 'tfCreator', follow: true }]);
  });

  it('rolls back with "Follow failed, please try again later" when the call fails', async () => {
    signIn('tfReader');
    stubApiHandlers({
      '/api/h5/user/profile': () => ({ data: profile }),
      '/api/h5/user/profile/works': () => ({ data: emptyWorks }),
      '/api/h5/user/relation': () => ({ data: relation }),
      '/api/auth/h5/user/follow': () => ({ http: 500 }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(toasts()).toContain('Follow failed, please try again later'));
    const follow = screen.getByRole('button', { name: 'Follow' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    expect(followerCount()).toBe('9.9k');
  });

  it('asks before blocking, then offers Unblock', async () => {
    signIn('tfReader');
    const sent: unknown[] = [];
    stubApiHandlers({
      '/api/h5/user/profile': () => ({ data: profile }),
      '/api/h5/user/profile/works': () => ({ data: emptyWorks }),
      '/api/h5/user/relation': () => ({ data: relation }),
      '/api/auth/h5/user/block': ({ body }) => {
        sent.push(body);
        return {
          data: { is_following: false, follows_you: false, is_blocked: true, blocks_you: false },
        };
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'More for Mira' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Mira?' });
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(sent).toEqual([{ taleforge_id: 'tfCreator', block: true }]);
  });

  it('says so in place of Follow when they blocked the viewer', async () => {
    signIn('tfReader');
    stubApiHandlers({
      '/api/h5/user/profile': () => ({ data: profile }),
      '/api/h5/user/profile/works': () => ({ data: emptyWorks }),
      '/api/h5/user/relation': () => ({
        data: { ...relation, follows_you: false, blocks_you: true },
      }),
    });
    show();
    expect(
      await screen.findByText('Mira does not accept follows, comments or replies from you.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    // Blocking them back is still theirs to do.
    expect(screen.getByRole('button', { name: 'More for Mira' })).toBeTruthy();
  });

  it("tells a follow refused by a newer block in the server's words, then says so in its place", async () => {
    signIn('tfReader');
    let blocked = false;
    stubApiHandlers({
      '/api/h5/user/profile': () => ({ data: profile }),
      '/api/h5/user/profile/works': () => ({ data: emptyWorks }),
      '/api/h5/user/relation': () => ({ data: { ...relation, blocks_you: blocked } }),
      '/api/auth/h5/user/follow': () => {
        blocked = true;
        return { status: 6203, desc: 'This player does not accept that from you' };
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(toasts()).toContain('This player does not accept that from you'));
    expect(
      await screen.findByText('Mira does not accept follows, comments or replies from you.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(followerCount()).toBe('9.9k');
  });

  it('sends a visitor to sign in when they press Follow', async () => {
    stubApiHandlers({
      '/api/h5/user/profile': () => ({ data: profile }),
      '/api/h5/user/profile/works': () => ({ data: emptyWorks }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(loginModalStore.getSnapshot().open).toBe(true);
  });

  it('lists followers a page at a time, each with their own follow button', async () => {
    const card = (n: number) => ({
      taleforge_id: `tfFan${n}`,
      nick_name: `Fan ${n}`,
      avatar: null,
      is_following: n === 2,
    });
    stubApiHandlers({
      '/api/h5/user/profile': () => ({ data: profile }),
      '/api/h5/user/profile/works': () => ({ data: emptyWorks }),
      '/api/h5/user/follows': ({ query }) =>
        query.get('cursor') === 'c2'
          ? { data: { list: [card(3)], next_cursor: null } }
          : { data: { list: [card(1), card(2)], next_cursor: 'c2' } },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Show followers$/ }));
    const sheet = await screen.findByRole('dialog', { name: "Mira's followers" });
    expect(await within(sheet).findByRole('link', { name: 'Fan 1' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Following Fan 2' })).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show more' }));
    expect(await within(sheet).findByRole('link', { name: 'Fan 3' })).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
