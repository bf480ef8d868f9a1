import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, signIn, stubApiHandlers } from '../../test/render';
import { buildEpisode, buildSeriesPage, buildVideo } from '../../test/series';
import { PREPARING_POLL_MS } from './series-api';
import { SeriesPage } from './series-page';

const social = { game_id: 9, like_count: 12, comment_count: 3, liked: false };

function show() {
  return renderWithQuery(
    <MemoryRouter initialEntries={['/drama/9']}>
      <SeriesPage gameId={9} />
    </MemoryRouter>,
  );
}

/** What the page asked the player to open, by the window event the app's player listens to. */
function listenForPlayer() {
  const opened: unknown[] = [];
  const listener = (event: Event) => opened.push((event as CustomEvent).detail);
  window.addEventListener('open-player', listener);
  return { opened, stop: () => window.removeEventListener('open-player', listener) };
}

describe('<SeriesPage/>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the series, its episodes with their locks and progress, and plays from the first', async () => {
    signIn('tfViewer');
    const page = buildSeriesPage();
    page.episodes[0] = buildEpisode(1, { completed: true, position_ms: 40_000 });
    page.episodes[1] = buildEpisode(2, { position_ms: 10_000 });
    page.episodes[2] = buildEpisode(3, { ready: false });
    stubApiHandlers({
      '/api/h5/drama/series': ({ query }) => {
        expect(query.get('game_id')).toBe('9');
        return { data: page };
      },
      '/api/h5/game/social': () => ({ data: social }),
    });
    const player = listenForPlayer();
    show();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Glass Heiress' }),
    ).toBeTruthy();
    expect(screen.getByText('A fortune, a fake name and a wedding in six days.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lin' }).getAttribute('href')).toBe('/profile/u9');
    expect(screen.getByText('6 episodes')).toBeTruthy();
    expect(screen.getByText('First 3 episodes free')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Like · 12' })).toBeTruthy();

    const tiles = within(screen.getByRole('list', { name: 'Episodes' }));
    const tile = (n: number) => tiles.getAllByRole('button')[n - 1] as HTMLButtonElement;
    expect(tile(1).textContent).toContain('Watched');
    expect(tile(2).textContent).toContain('25% watched');
    expect(tile(2).querySelector('.episode-tile__bar > span')?.getAttribute('style')).toContain(
      'width: 25%',
    );
    expect(tile(3).disabled).toBe(true);
    expect(tile(3).textContent).toContain('Preparing');
    expect(tile(4).textContent).toContain('Locked · 30 gems');
    expect(tile(4).querySelector('svg')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Play episode 1' }));
    fireEvent.click(tile(5));
    expect(player.opened).toEqual([
      { kind: 'series', gameId: 9, episodeId: 101 },
      { kind: 'series', gameId: 9, episodeId: 105 },
    ]);
    player.stop();
  });

  it('waits to play episode 1 while its video is made, and offers it as soon as it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page = buildSeriesPage();
    page.episodes[0] = buildEpisode(1, { ready: false });
    let asked = 0;
    stubApiHandlers({
      '/api/h5/drama/series': () => {
        asked += 1;
        return { data: asked === 1 ? page : buildSeriesPage() };
      },
      '/api/h5/game/social': () => ({ data: social }),
    });
    show();

    const waiting = (await screen.findByRole('button', {
      name: 'Episode 1 is being prepared',
    })) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(PREPARING_POLL_MS);
    const play = (await screen.findByRole('button', {
      name: 'Play episode 1',
    })) as HTMLButtonElement;
    expect(play.disabled).toBe(false);
    expect(asked).toBe(2);
    // Every episode is ready: nothing more to wait for, so the page stops asking.
    await vi.advanceTimersByTimeAsync(3 * PREPARING_POLL_MS);
    expect(asked).toBe(2);
    vi.useRealTimers();
  });

  it('says why a video could not be made on this server, instead of preparing it for ever', async () => {
    const reason =
      "this server's ffmpeg (/opt/ff) lacks the filter geq they need. Set FFMPEG_PATH to one, and restart.";
    const page = buildSeriesPage();
    page.episodes[1] = buildEpisode(2, { ready: false, video_error: reason, poster_url: null });
    page.episodes[2] = buildEpisode(3, { ready: false, video_error: reason, poster_url: null });
    page.episodes[4] = buildEpisode(5, { ready: false, unlocked: false, price_gems: 30 });
    stubApiHandlers({
      '/api/h5/drama/series': () => ({ data: page }),
      '/api/h5/game/social': () => ({ data: social }),
    });
    show();
    // Said once above the episodes, however many it holds back.
    const notes = await screen.findAllByRole('note');
    expect(notes.map((n) => n.textContent)).toEqual([
      `Some videos of this series could not be made on this server: ${reason}`,
    ]);
    const tiles = within(screen.getByRole('list', { name: 'Episodes' }));
    const tile = (n: number) => tiles.getAllByRole('button')[n - 1] as HTMLButtonElement;
    expect(tile(2).disabled).toBe(true);
    expect(tile(2).textContent).toContain('Could not be made');
    expect(tile(2).title).toBe(`This video could not be made on this server: ${reason}`);
    expect(tile(2).textContent).not.toContain('Preparing');
    // One still being made is preparing, as before.
    expect(tile(5).textContent).toContain('Preparing');
    expect(tile(5).title).toBe('');
  });

  it('shows what each episode costs while its video is still being made', async () => {
    const page = buildSeriesPage();
    page.episodes = page.episodes.map((e) => ({ ...e, ready: false, poster_url: null }));
    page.episodes[3] = { ...page.episodes[3]!, unlocked: true };
    stubApiHandlers({
      '/api/h5/drama/series': () => ({ data: page }),
      '/api/h5/game/social': () => ({ data: social }),
    });
    show();
    expect(await screen.findByText('First 3 episodes free')).toBeTruthy();
    const tiles = within(screen.getByRole('list', { name: 'Episodes' }));
    const tile = (n: number) => tiles.getAllByRole('button')[n - 1] as HTMLButtonElement;
    // Every tile says it is being made, and beside it what the series says: free, or the price.
    for (const n of [1, 2, 3]) {
      expect(tile(n).querySelector('.episode-tile__state')?.textContent).toBe('Free');
      expect(tile(n).textContent).toContain('Preparing');
    }
    expect(tile(4).querySelector('.episode-tile__state')?.textContent).toBe('Unlocked');
    for (const n of [5, 6]) {
      expect(tile(n).querySelector('.episode-tile__state')?.textContent).toBe('Locked · 30 gems');
      expect(tile(n).querySelector('svg')).toBeTruthy();
      expect(tile(n).textContent).toContain('Preparing');
    }
    // Nothing about a tile's words is for screen readers only: episode 1 says Free to all.
    expect(tile(1).querySelector('.episode-tile__state .sr-only')).toBeNull();
  });

  it('offers to continue where the viewer stopped, and plays a clip from the page', async () => {
    const clip = {
      id: 5,
      game_id: 9,
      title: 'The ring',
      series_title: 'The Glass Heiress',
      video: buildVideo('clip5', { duration_ms: 15_000 }),
    };
    stubApiHandlers({
      '/api/h5/drama/series': () => ({
        data: buildSeriesPage({ resume: { episode_id: 102, position_ms: 10_000 }, clips: [clip] }),
      }),
      '/api/h5/game/social': () => ({ data: social }),
    });
    const player = listenForPlayer();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue episode 2' }));
    expect(
      screen.getByRole('button', { name: /Episode 2 · Part 2/ }).getAttribute('aria-current'),
    ).toBe('true');
    const clips = screen.getByRole('region', { name: 'Clips' });
    fireEvent.click(within(clips).getByRole('button', { name: /The ring/ }));
    expect(within(clips).getByText('0:15')).toBeTruthy();
    expect(player.opened).toEqual([
      { kind: 'series', gameId: 9, episodeId: 102 },
      { kind: 'clips', clips: [clip], index: 0 },
    ]);
    player.stop();
  });

  it('says when a series does not exist, and offers a retry when it could not be read', async () => {
    let answer: 'missing' | 'down' = 'missing';
    stubApiHandlers({
      '/api/h5/drama/series': () =>
        answer === 'missing'
          ? { status: 6301, desc: 'This series does not exist' }
          : { http: 502, status: 500 },
    });
    const first = show();
    expect(
      await screen.findByText('This series does not exist or is no longer available.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Drama' }).getAttribute('href')).toBe('/drama');
    first.unmount();

    answer = 'down';
    show();
    expect(
      await screen.findByText('This series could not be loaded.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  }, 20_000);
});
