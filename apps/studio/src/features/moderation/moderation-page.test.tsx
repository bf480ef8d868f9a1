import type { ReportedComment, SupportReport } from '@taleforge/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Shell } from '../../app/shell';
import { ApiError } from '../../shared/api';
import enUS from '../../shared/i18n/locales/en_US.json';
import zhCN from '../../shared/i18n/locales/zh_CN.json';
import { type StudioUser, session } from '../../shared/session';
import { TokenSyncProvider } from '../auth/token-sync-context';
import type { ModerationApi } from './moderation-api';
import { ModerationPage } from './moderation-page';

const reported = (id: number, count: number): ReportedComment => ({
  comment_id: id,
  parent_id: null,
  body: `Reported words ${id}`,
  author: { taleforge_id: `u_${id}`, nick_name: `Author ${id}`, avatar: null },
  game: { id: 40 + id, title: `Work ${id}` },
  comment_created_at: '2026-11-27T10:00:00.000Z',
  report_count: count,
  reasons: [{ reason: 'abuse', count }],
  first_reported_at: '2026-11-28T09:00:00.000Z',
  last_reported_at: '2026-11-28T09:30:00.000Z',
});

/**
 * The server's queue as the page sees it through the API: pages of two, items that leave when
 * handled, and 6602 for an item another moderator handled first.
 */
function serverQueue(comments: ReportedComment[], support: SupportReport[] = []) {
  const open = [...comments];
  const handledElsewhere = new Set<number>();
  const calls: string[] = [];
  const pageOf = <T,>(list: T[], cursor: string | undefined) => {
    const start = cursor ? Number(cursor) : 0;
    const next = start + 2 < list.length ? String(start + 2) : null;
    return { list: list.slice(start, start + 2), next_cursor: next };
  };
  const api: ModerationApi = {
    comments: async (cursor) => pageOf(open, cursor),
    resolve: async (id, action) => {
      calls.push(`${action} ${id}`);
      if (handledElsewhere.has(id)) {
        throw new ApiError(6602, 'Another moderator already handled this report');
      }
      open.splice(
        open.findIndex((c) => c.comment_id === id),
        1,
      );
      return {};
    },
    support: async (cursor) => pageOf(support, cursor),
    handle: async (id) => {
      calls.push(`handle ${id}`);
      return {};
    },
  };
  return { api, calls, handledElsewhere };
}

const user = (role: 'admin' | 'user'): StudioUser => ({
  taleforge_id: 'u_mod',
  uid: 'u_mod',
  nick_name: 'Mo',
  avatar: null,
  new_user: false,
  need_complete_nick_name: false,
  oauth_enum: 'EMAIL',
  user_info_resp: { role } as StudioUser['user_info_resp'],
});

async function show(api: ModerationApi, path: string, lng: 'en_US' | 'zh_CN' = 'en_US') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources: { en_US: { translation: enUS }, zh_CN: { translation: zhCN } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { index: true, element: <p>works</p> },
          { path: 'moderation/:tab?', element: <ModerationPage api={api} /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <TokenSyncProvider>
          <RouterProvider router={router} />
        </TokenSyncProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('<ModerationPage/>', () => {
  it('shows the queue with its facts, pages on, and a handled item leaves with a notice', async () => {
    session.save('token', user('admin'));
    const server = serverQueue([reported(1, 3), reported(2, 1), reported(3, 1)]);
    await show(server.api, '/moderation');
    expect(screen.getByRole('link', { name: 'Moderation' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Reported comments' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Reported words 1')).toBeTruthy();
    expect(within(first).getByText('3 reports')).toBeTruthy();
    expect(within(first).getByText('Abuse × 3')).toBeTruthy();
    expect(within(first).getByText('(u_1)')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Work 1' }).getAttribute('href')).toBe(
      'http://localhost:8080/drama/41',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Reported words 3');

    fireEvent.click(within(first).getByRole('button', { name: 'Remove comment' }));
    await screen.findByText('Comment removed. Its author is not told.');
    expect(screen.queryByText('Reported words 1')).toBeNull();
    const second = screen.getByText('Reported words 2').closest('li')!;
    fireEvent.click(within(second).getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('Reports dismissed. The comment stays.');
    expect(screen.queryByText('Reported words 2')).toBeNull();
    expect(server.calls).toEqual(['remove 1', 'dismiss 2']);
  });

  it('an item another moderator handled first leaves the queue with the server’s words', async () => {
    session.save('token', user('admin'));
    const server = serverQueue([reported(7, 2)]);
    server.handledElsewhere.add(7);
    await show(server.api, '/moderation/comments');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await screen.findByText('Another moderator already handled this report');
    expect(screen.queryByText('Reported words 7')).toBeNull();
    expect(screen.getByText('No reported comments. Nothing is waiting for you.')).toBeTruthy();
  });

  it('the support tab reads reports with their conversation and marks one handled (zh)', async () => {
    session.save('token', user('admin'));
    const report: SupportReport = {
      id: 5,
      player: { taleforge_id: 'u_p', nick_name: '玩家', avatar: null },
      description: '视频卡住了',
      conversation: [{ role: 'player', text: '视频卡住了', at: '2026-11-28T09:00:00.000Z' }],
      locale: 'zh_CN',
      created_at: '2026-11-28T09:01:00.000Z',
    };
    const server = serverQueue([], [report]);
    await show(server.api, '/moderation/support', 'zh_CN');
    expect(await screen.findByText('助手对话（1 条消息）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '标记为已处理' }));
    await screen.findByText('反馈已标记为已处理。');
    expect(server.calls).toEqual(['handle 5']);
    expect(screen.getByText('没有待处理的客服反馈。')).toBeTruthy();
  });

  it('a creator who is not an admin sees no Moderation link, and its address says not allowed', async () => {
    session.save('token', user('user'));
    const server = serverQueue([reported(1, 1)]);
    await show(server.api, '/moderation');
    expect(screen.getByRole('alert').textContent).toContain('Not allowed');
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
    expect(screen.queryByText('Reported words 1')).toBeNull();
    await waitFor(() => expect(server.calls).toEqual([]));
  });

  it('an admin whose role was revoked meets "not allowed", not a raw error, on reading or acting', async () => {
    const revoked = new ApiError(6601, 'Only moderators can see reports. Sign in as a moderator');
    session.save('token', user('admin'));
    const reading = serverQueue([reported(1, 1)]);
    reading.api.comments = async () => {
      throw revoked;
    };
    await show(reading.api, '/moderation');
    expect((await screen.findByRole('alert')).textContent).toContain('Not allowed');
    expect(screen.queryByText(revoked.message)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
    cleanup();

    session.save('token', user('admin'));
    const acting = serverQueue([reported(2, 1)]);
    acting.api.resolve = async () => {
      throw revoked;
    };
    await show(acting.api, '/moderation');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not allowed');
    expect(screen.queryByText('Reported words 2')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
  });
});
