import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../shared/api/query-client';
import { type FakeRequest, signIn, stubApiHandlers } from '../../../test/render';
import { buildEpisode, buildEpisodePlay, buildSeriesPage } from '../../../test/series';
import { openPlayer } from '../open-player';
import { PlayerHost } from '../player-host';

/**
 * jsdom has no media engine: these stand in for the browser's, the way a <video> behaves to a
 * page (play and pause events, a duration once metadata is in). The player itself is real.
 */
function fakeMediaEngine() {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(40);
}

/** A fake server for one series: episodes 1–3 free, 4–6 at 30 gems until bought. */
function serveSeries() {
  const page = buildSeriesPage();
  page.episodes[0] = buildEpisode(1, { position_ms: 12_000 });
  const progress: unknown[] = [];
  const unlocks: unknown[] = [];
  const played: number[] = [];
  const fetchMock = stubApiHandlers({
    '/api/h5/drama/series': () => ({ data: page }),
    '/api/h5/drama/episode/play': ({ query }) => {
      const id = Number(query.get('episode_id'));
      const episode = page.episodes.find((e) => e.id === id);
      if (!episode?.unlocked) return { status: 6303, desc: 'Unlock this episode first' };
      played.push(episode.number);
      return { data: buildEpisodePlay(episode) };
    },
    '/api/auth/h5/drama/episode/progress': ({ body }: FakeRequest) => {
      progress.push(body);
      return { data: body };
    },
    '/api/auth/wallet/balance': () => ({ data: { gem_balance: 100, balance: 100 } }),
    '/api/auth/h5/game/unlock': ({ body }) => {
      unlocks.push(body);
      const id = (body as { episode_id: number }).episode_id;
      page.episodes = page.episodes.map((e) => (e.id === id ? { ...e, unlocked: true } : e));
      return { data: { already_unlocked: false, price: 30, gem_balance: 70 } };
    },
  });
  return { fetchMock, progress, unlocks, played };
}

function show(episodeId = 101) {
  render(
    <MemoryRouter initialEntries={['/drama/9']}>
      <PlayerHost />
    </MemoryRouter>,
  );
  act(() => openPlayer({ kind: 'series', gameId: 9, episodeId }));
}

const caption = () => document.querySelector('.player__caption')?.textContent;
const video = () => document.querySelector('video') as HTMLVideoElement;
const player = () => document.querySelector('.player') as HTMLElement;

describe('the video player', () => {
  beforeEach(() => {
    queryClient.clear();
    fakeMediaEngine();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('plays an episode where the viewer stopped, with subtitles in the interface language', async () => {
    signIn('tfViewer');
    const server = serveSeries();
    show();
    const dialog = await screen.findByRole('dialog', { name: 'The Glass Heiress' });
    await waitFor(() => expect(caption()).toBe('Episode 1 of 6 · Part 1'));
    await waitFor(() => expect(video().src).toContain('/media/e1/master.m3u8'));
    expect(dialog.contains(document.activeElement)).toBe(true);

    const tracks = [...video().querySelectorAll('track')];
    expect(tracks.map((t) => [t.kind, t.srclang, t.label])).toEqual([
      ['subtitles', 'en-US', 'English'],
      ['subtitles', 'zh-CN', '中文'],
      ['subtitles', 'ja-JP', '日本語'],
    ]);
    const subtitles = screen.getByRole('combobox', { name: 'Subtitles' }) as HTMLSelectElement;
    expect(subtitles.value).toBe('en_US');
    fireEvent.change(subtitles, { target: { value: 'ja_JP' } });
    expect(subtitles.value).toBe('ja_JP');

    // Metadata in: the player seeks to where the viewer left the episode.
    fireEvent.loadedMetadata(video());
    expect(video().currentTime).toBe(12);
    const speed = screen.getByRole('combobox', { name: 'Playback speed' }) as HTMLSelectElement;
    expect([...speed.options].map((o) => o.value)).toEqual(['0.75', '1', '1.25', '1.5', '2']);
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect(video().playbackRate).toBe(1.5);
    expect(server.played).toEqual([1]);
  });

  it('says why an episode’s video could not be made on this server where it would play', async () => {
    const reason = 'this server has no ffmpeg. Install a current ffmpeg, and restart.';
    const page = buildSeriesPage();
    page.episodes[1] = buildEpisode(2, { ready: false, video_error: reason, poster_url: null });
    const fetchMock = stubApiHandlers({ '/api/h5/drama/series': () => ({ data: page }) });
    show(102);
    expect(
      await screen.findByText(`This video could not be made on this server: ${reason}`),
    ).toBeTruthy();
    expect(document.querySelector('video')?.getAttribute('src') ?? null).toBeNull();
    // Nothing to fetch for it: the episode call is never made.
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/drama/episode/play'))).toBe(false);
  });

  it('moves between episodes by keyboard and by swipe, and plays and pauses with Space and K', async () => {
    const server = serveSeries();
    show();
    await waitFor(() => expect(video().src).toContain('/media/e1/'));
    fireEvent.keyDown(player(), { key: 'ArrowDown' });
    await waitFor(() => expect(caption()).toBe('Episode 2 of 6 · Part 2'));
    await waitFor(() => expect(video().src).toContain('/media/e2/'));
    fireEvent.keyDown(player(), { key: 'ArrowUp' });
    await waitFor(() => expect(caption()).toBe('Episode 1 of 6 · Part 1'));

    // A drag up the frame is the next episode; a short one is not.
    const frame = screen.getByTestId('player-frame');
    const drag = (from: number, to: number) => {
      fireEvent.pointerDown(frame, { clientX: 100, clientY: from, isPrimary: true, pointerId: 1 });
      fireEvent.pointerUp(frame, { clientX: 102, clientY: to, isPrimary: true, pointerId: 1 });
    };
    drag(500, 480);
    expect(caption()).toBe('Episode 1 of 6 · Part 1');
    drag(500, 200);
    await waitFor(() => expect(caption()).toBe('Episode 2 of 6 · Part 2'));
    drag(200, 500);
    await waitFor(() => expect(caption()).toBe('Episode 1 of 6 · Part 1'));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy());
    fireEvent.keyDown(player(), { key: ' ' });
    expect(video().paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    fireEvent.keyDown(player(), { key: 'k' });
    expect(video().paused).toBe(false);
    expect(server.played).toEqual([1, 2]);
  });

  it('shows a locked episode’s unlock in place, and plays it once bought', async () => {
    signIn('tfViewer');
    const server = serveSeries();
    show(103);
    await waitFor(() => expect(video().src).toContain('/media/e3/'));
    // The end of an episode plays the next one: here a locked one.
    video().currentTime = 40;
    fireEvent.ended(video());
    expect(await screen.findByText('Episode 4 is locked')).toBeTruthy();
    expect(video().hidden).toBe(true);
    // The wallet's confirmation opens over it, focused on its button.
    const ask = await screen.findByRole('dialog', { name: 'Unlock this episode?' });
    expect(within(ask).getByText('Episode 4 · Part 4')).toBeTruthy();
    const confirm = within(ask).getByRole('button', { name: 'Unlock for 30 gems' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.click(confirm);
    await waitFor(() => expect(video().src).toContain('/media/e4/'));
    expect(video().hidden).toBe(false);
    expect(server.unlocks).toEqual([
      { game_id: 9, episode_id: 104, idempotency_key: expect.stringMatching(/^unlock-/) },
    ]);
    expect(server.progress).toContainEqual({
      episode_id: 103,
      position_ms: 40_000,
      completed: true,
    });
    expect(server.played).toEqual([3, 4]);
  });

  it('opened on a locked episode, asks first, then gives the keys back to the player', async () => {
    signIn('tfViewer');
    serveSeries();
    show(104);
    const ask = await screen.findByRole('dialog', { name: 'Unlock this episode?' });
    const confirm = within(ask).getByRole('button', { name: 'Unlock for 30 gems' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.click(confirm);
    await waitFor(() => expect(video().src).toContain('/media/e4/'));
    expect(document.activeElement).toBe(player());
    fireEvent.keyDown(player(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('fetches the next episode’s start ahead, and saves the position when it closes', async () => {
    signIn('tfViewer');
    const server = serveSeries();
    show();
    await waitFor(() => expect(video().src).toContain('/media/e1/'));
    video().currentTime = 33;
    fireEvent.timeUpdate(video());
    await waitFor(() => expect(server.played).toEqual([1, 2]));
    await waitFor(() =>
      expect(server.fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/media/e2/master.m3u8?sig=s',
      ),
    );
    expect(caption()).toBe('Episode 1 of 6 · Part 1');

    fireEvent.keyDown(player(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(server.progress).toContainEqual({
        episode_id: 101,
        position_ms: 33_000,
        completed: false,
      }),
    );
  });
});
