import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, signIn, stubApiHandlers } from '../../test/render';
import { NotificationBell } from './notification-bell';

const actor = { taleforge_id: 'tfMira', nick_name: 'Mira', avatar: null };
const game = { id: 7, title: 'The Lantern Ledger', cover: '/cover.webp' };
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const notifications = [
  { id: 12, kind: 'reply', actor, game, excerpt: 'Same here!', created_at: ago(2), read: false },
  { id: 11, kind: 'like', actor, game, excerpt: null, created_at: ago(90), read: false },
  { id: 9, kind: 'follow', actor, game: null, excerpt: null, created_at: ago(3000), read: true },
];

function show() {
  return renderWithQuery(
    <MemoryRouter>
      <NotificationBell />
    </MemoryRouter>,
  );
}

describe('<NotificationBell/>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count, lists what happened and marks it read up to the newest shown', async () => {
    signIn('tfReader');
    let unread = 2;
    const reads: unknown[] = [];
    stubApiHandlers({
      '/api/auth/h5/notifications/unread': () => ({ data: { unread } }),
      '/api/auth/h5/notifications': () => ({
        data: { list: notifications, next_cursor: null, unread },
      }),
      '/api/auth/h5/notifications/read': ({ body }) => {
        reads.push(body);
        unread = 0;
        return { data: { unread } };
      },
    });
    show();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 new' });
    expect(bell.textContent).toBe('2');
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const rows = await within(panel).findAllByTestId('notification');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Mira replied to your comment (new)',
      'Mira liked your work (new)',
      'Mira started following you',
    ]);
    expect(within(rows[0]!).getByText('“Same here!”')).toBeTruthy();
    expect(within(rows[0]!).getByText('2 minutes ago')).toBeTruthy();
    expect(
      within(rows[1]!).getByRole('link', { name: 'The Lantern Ledger' }).getAttribute('href'),
    ).toBe('/drama/7');
    expect(within(rows[2]!).getByRole('link', { name: 'Mira' }).getAttribute('href')).toBe(
      '/profile/tfMira',
    );
    await waitFor(() => expect(reads).toEqual([{ up_to_id: 12 }]));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications', hidden: true }).textContent).toBe(
        '',
      ),
    );
  });

  it('invites the next step when there is nothing yet', async () => {
    signIn('tfReader');
    const fetchMock = stubApiHandlers({
      '/api/auth/h5/notifications/unread': () => ({ data: { unread: 0 } }),
      '/api/auth/h5/notifications': () => ({ data: { list: [], next_cursor: null, unread: 0 } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Nothing new yet')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Find stories' })).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.includes('/notifications/read'))).toBe(false);
  });
});
