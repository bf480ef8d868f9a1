import type { APIRequestContext, Locator } from '@playwright/test';
import { CALLS, STORAGE_KEYS } from '@taleforge/contracts';
import { pageVisitor } from '../support/accounts';
import { api } from '../support/api';
import { followNavLink, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { PICTURE } from '../support/layout';

// The demo series (content generated at first start): at least two, six episodes or more each,
// episodes 1–3 free and the later ones priced in gems. Opened from the Drama tab's shelf, never
// by its address; the journeys' server makes the videos of one series only.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const playerOf = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('video') });
const videoTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** The video plays: its clock moves on by itself. */
async function expectPlaying(video: Locator) {
  const from = await videoTime(video);
  await expect.poll(() => videoTime(video), { timeout: 15_000 }).toBeGreaterThan(from + 0.5);
}

/** The next episode: a swipe up the frame on a phone, the down arrow on a desktop. */
async function nextEpisode(page: Page, phone: boolean) {
  const player = playerOf(page);
  if (phone) {
    const box = (await player.getByTestId('player-frame').boundingBox())!;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, box.y + box.height * 0.7);
    await page.mouse.down();
    await page.mouse.move(x, box.y + box.height * 0.45, { steps: 4 });
    await page.mouse.move(x, box.y + box.height * 0.25, { steps: 4 });
    await page.mouse.up();
  } else {
    await player.locator('.player').press('ArrowDown');
  }
}

/**
 * The demo series' videos are made in the background after a fresh start (first episodes first):
 * wait until a series shelved has its free episodes and the first locked one ready, and name it.
 */
async function seriesReady(request: APIRequestContext, page: Page): Promise<number> {
  const dfId = await pageVisitor(page);
  const token = (await page.evaluate(
    (key) => localStorage.getItem(key),
    STORAGE_KEYS.accessToken,
  ))!;
  let ready: number | undefined;
  await expect
    .poll(
      async () => {
        const list = await api(request, CALLS.gameList, {
          dfId,
          token,
          query: { kind: 'series', sort: 'popular' },
        });
        for (const { id } of list.data?.list ?? []) {
          const page = await api(request, CALLS.series, { dfId, query: { game_id: id } });
          const needed = (page.data?.series.free_episodes ?? 0) + 1;
          const episodes = page.data?.episodes.slice(0, needed) ?? [];
          if (episodes.length === needed && episodes.every((e) => e.ready)) {
            ready = id;
            break;
          }
        }
        return ready !== undefined;
      },
      { timeout: 600_000, intervals: [2_000] },
    )
    .toBe(true);
  return ready!;
}

async function topUpFromUnlock(page: Page, seriesPath: string) {
  const ask = page.getByRole('dialog', { name: 'Unlock this episode?' });
  await expect(ask.getByText('Insufficient balance, please recharge first')).toBeVisible();
  await ask.getByRole('link', { name: 'Top up' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/wallet');
  // The wallet's link closed the player on the way out.
  await expect(page.locator('video')).toHaveCount(0);
  await page.getByRole('radio', { name: /300/ }).check();
  await page.getByRole('radio', { name: 'Alipay' }).check();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to game' }).click();
  await expect(page).toHaveURL((url) => url.pathname === seriesPath);
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;
  test(`a visitor watches a series at ${viewport.width} px: swipes on, buys a locked episode, switches subtitles`, async ({
    page,
    request,
  }) => {
    test.setTimeout(780_000);
    await page.setViewportSize(viewport);
    await page.goto('/For_You');
    await waitForMount(page);
    await followNavLink(page, 'Drama', '/drama');
    const shelf = page.getByRole('region', { name: 'Drama series' });
    await expect(shelf.locator('[data-kind=series]').first()).toBeVisible();
    const gameId = await seriesReady(request, page);
    await shelf.locator(`[data-kind=series][href="/drama/${gameId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/drama/${gameId}$`));
    const seriesPath = new URL(page.url()).pathname;
    await expect(page.getByRole('list', { name: 'Episodes' })).toBeVisible();

    // Episode 1, full screen on a phone, a centred 9:16 frame on a desktop.
    await page.getByRole('button', { name: 'Play episode 1' }).click();
    const player = playerOf(page);
    const video = player.locator('video');
    await expect(player.locator('.player__caption')).toHaveText(/^Episode 1 of \d+/);
    await expectPlaying(video);
    const frame = (await player.getByTestId('player-frame').boundingBox())!;
    if (phone) {
      expect(frame.width).toBeCloseTo(viewport.width, 0);
    } else {
      expect(frame.height / frame.width).toBeCloseTo(16 / 9, 1);
      expect(Math.abs(frame.x + frame.width / 2 - viewport.width / 2)).toBeLessThan(2);
    }
    await page.screenshot({ path: `test-results/drama-player-${viewport.width}.jpg`, ...PICTURE });

    // Subtitles follow the interface language, and switch.
    const subtitles = player.getByRole('combobox', { name: 'Subtitles' });
    await expect(subtitles).toHaveValue('en_US');
    await subtitles.selectOption('zh_CN');
    await expect
      .poll(() =>
        video.evaluate((v: HTMLVideoElement) =>
          [...v.textTracks].filter((t) => t.mode === 'hidden').map((t) => t.language),
        ),
      )
      .toEqual(['zh-CN']);
    // The player draws the words itself, in Chinese, ending above the seek bar however many
    // lines a cue takes.
    const cue = player.locator('.player-controls__cue');
    await expect(cue).toHaveAttribute('lang', 'zh-CN', { timeout: 20_000 });
    const [cueBox, seekBox] = await Promise.all([
      cue.boundingBox(),
      player.getByRole('slider', { name: 'Seek' }).boundingBox(),
    ]);
    expect(cueBox!.y + cueBox!.height).toBeLessThanOrEqual(seekBox!.y);
    expect(cueBox!.x).toBeGreaterThanOrEqual(0);
    expect(cueBox!.x + cueBox!.width).toBeLessThanOrEqual(viewport.width);

    // On to episode 2 and 3, which play at once; then the first locked one.
    for (const n of [2, 3]) {
      await nextEpisode(page, phone);
      await expect(player.locator('.player__caption')).toHaveText(new RegExp(`^Episode ${n} of`));
      await expectPlaying(video);
    }
    await nextEpisode(page, phone);
    await expect(player.getByText('Episode 4 is locked')).toBeVisible();
    await topUpFromUnlock(page, seriesPath);

    // Back on the series with gems: episode 4 from the grid, bought in place, then watched.
    const tile = page.getByRole('list', { name: 'Episodes' }).locator('[data-episode="4"]');
    await tile.click();
    // Where the page behind the player is: closing must come back to it.
    const scrolled = await page.evaluate(() => window.scrollY);
    const ask = page.getByRole('dialog', { name: 'Unlock this episode?' });
    await ask.getByRole('button', { name: /^Unlock for \d+ gems$/ }).click();
    await expect(ask).toHaveCount(0);
    await expect(player.locator('.player__caption')).toHaveText(/^Episode 4 of/);
    await expectPlaying(video);
    // The subtitles chosen before the top-up are the page's language again: a new visit.
    await expect(subtitles).toHaveValue('en_US');
    const watched = await videoTime(video);

    // Closing returns to the same place on the page, which shows the episode's progress.
    await page.keyboard.press('Escape');
    await expect(page.locator('video')).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(tile).toContainText(/% watched|Watched/);
    await expect(tile).toBeFocused();

    // Opening it again resumes where it stopped.
    await tile.click();
    await expect.poll(() => videoTime(video)).toBeGreaterThanOrEqual(Math.floor(watched) - 1);
  });
}
