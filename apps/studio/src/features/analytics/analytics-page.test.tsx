import type { Locale } from '@taleforge/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsApi, StudioAnalytics } from './analytics-api';
import AnalyticsPage from './index';

const figures: StudioAnalytics = {
  from: '2026-11-21T10:00:00.000Z',
  to: '2026-11-28T10:00:00.000Z',
  gems: { chapters: 150, chat: 42 },
  chapters: [
    {
      position: 1,
      title: 'The Harbour',
      starts: 6,
      completions: 2,
      drop_off: [
        { knot: 'deck', players: 2 },
        { knot: '', players: 1 },
      ],
      choices: [
        { knot: 'harbour', text: 'Board the ship', picks: 3, share: 0.75 },
        { knot: 'harbour', text: 'Walk away', picks: 1, share: 0.25 },
      ],
    },
    { position: 2, title: 'The Cellar', starts: 1, completions: 0, drop_off: [], choices: [] },
  ],
  daily: [
    { day: '2026-11-27', starts: 4 },
    { day: '2026-11-28', starts: 2 },
  ],
};

async function show(api: AnalyticsApi, locale: Locale = 'en_US') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: locale, resources: {}, fallbackLng: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AnalyticsPage workId={9} api={api} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const fakeApi = (answer: () => Promise<StudioAnalytics> = async () => figures) => ({
  fetchAnalytics: vi.fn(answer),
  downloadCsv: vi.fn(async () => ({
    blob: new Blob(['section\r\n']),
    name: 'work-9-analytics-30d.csv',
  })),
});

describe('<AnalyticsPage/>', () => {
  it('shows gems, players by day, each chapter’s funnel, drop-off and choice shares', async () => {
    const api = fakeApi();
    await show(api);
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeTruthy();
    expect(api.fetchAnalytics).toHaveBeenCalledWith({ id: 9, range: '30d' }, expect.anything());
    expect(await screen.findByText('2026-11-21 – 2026-11-28')).toBeTruthy();

    const gems = screen.getByRole('region', { name: 'Gems earned' });
    expect(within(gems).getByText('150')).toBeTruthy();
    expect(within(gems).getByText('42')).toBeTruthy();

    const daily = screen.getByRole('table', { name: 'Players by day' });
    expect(
      within(daily)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayPlayers', '2026-11-274', '2026-11-282']);

    const one = screen.getByRole('region', { name: 'Chapter 1 · The Harbour' });
    expect(within(one).getByText('33% finished')).toBeTruthy();
    const drop = within(one).getByRole('table', { name: /Where players stopped/ });
    expect(
      within(drop)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['KnotPlayers', 'deck2', '(story start)1']);
    expect(within(one).getByRole('img', { name: /Where players stopped/ })).toBeTruthy();
    expect(within(one).getByText('3 picks · 75%')).toBeTruthy();
    expect(within(one).getByText('1 pick · 25%')).toBeTruthy();

    const two = screen.getByRole('region', { name: 'Chapter 2 · The Cellar' });
    expect(within(two).getByText('Nobody stopped part-way.')).toBeTruthy();
    expect(within(two).getByText('No choices recorded yet.')).toBeTruthy();
  });

  it('asks again for the period picked', async () => {
    const api = fakeApi();
    await show(api);
    await screen.findByText('2026-11-21 – 2026-11-28');
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() =>
      expect(api.fetchAnalytics).toHaveBeenLastCalledWith(
        { id: 9, range: '7d' },
        expect.anything(),
      ),
    );
    expect((screen.getByRole('radio', { name: '7 days' }) as HTMLInputElement).checked).toBe(true);
  });

  it('downloads the CSV for the period shown, under the name the server gave', async () => {
    const api = fakeApi();
    const createUrl = vi.fn(() => 'blob:csv');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await show(api);
    await screen.findByText('2026-11-21 – 2026-11-28');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['work-9-analytics-30d.csv']));
    expect(api.downloadCsv).toHaveBeenCalledWith({ id: 9, range: '30d' });
    expect(createUrl).toHaveBeenCalledOnce();
  });

  it('speaks Chinese and Japanese', async () => {
    await show(fakeApi(), 'zh_CN');
    expect(await screen.findByRole('heading', { name: '数据分析' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: '第 1 章 · The Harbour' })).toBeTruthy();
    expect(screen.getByText('3 次 · 75%')).toBeTruthy();
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let fail = true;
    const api = fakeApi(async () => {
      if (fail) throw new Error('offline');
      return figures;
    });
    await show(api, 'ja_JP');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('データを読み込めませんでした。');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('150')).toBeTruthy();
  });
});
