import type { Route } from '@playwright/test';
import { homeCall, resourceInfoCall } from '@taleforge/contracts';
import { api, callPath } from '../support/api';
import {
  HOME_PATH,
  isApiCall,
  isRiskCall,
  pathOf,
  RISK_DEVICE_PATH,
  RISK_KEY_PATH,
  START_MARKS,
  waitForMount,
} from '../support/app';
import { expect, type Page, test } from '../support/device';

test('the devtools guard comes first, then the visitor step, then the app mounts', async ({
  page,
}) => {
  await page.goto('/For_You');
  await waitForMount(page);

  const startMarks: readonly string[] = START_MARKS;
  const marksInOrder = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .sort((a, b) => a.startTime - b.startTime)
        .map((mark) => mark.name),
    );
  await expect
    .poll(async () => (await marksInOrder()).filter((name) => startMarks.includes(name)))
    .toEqual(startMarks);
});

test('the visitor requests finish before the app makes its first call', async ({ page }) => {
  // One ordered log of API request starts and risk request finishes, as the browser saw them.
  const events: string[] = [];
  page.on('request', (request) => {
    if (isApiCall(request))
      events.push(`${isRiskCall(request) ? 'risk' : 'app'} ${pathOf(request)}`);
  });
  page.on('requestfinished', (request) => {
    if (isRiskCall(request)) events.push(`done ${pathOf(request)}`);
  });

  await page.goto('/For_You');
  await waitForMount(page);
  await expect.poll(() => events.some((event) => event.startsWith('app '))).toBe(true);

  const log = events.join('\n');
  const keyStart = events.indexOf(`risk ${RISK_KEY_PATH}`);
  const deviceStart = events.indexOf(`risk ${RISK_DEVICE_PATH}`);
  const deviceDone = events.indexOf(`done ${RISK_DEVICE_PATH}`);
  const firstAppCall = events.findIndex((event) => event.startsWith('app '));
  expect(keyStart, log).toBeGreaterThanOrEqual(0);
  expect(deviceStart, log).toBeGreaterThan(keyStart);
  expect(deviceDone, log).toBeGreaterThan(deviceStart);
  expect(firstAppCall, log).toBeGreaterThan(deviceDone);
});

// The first paint (index.html, docs/performance.md "First paint"): before any script runs, the
// page the server sent shows the shell and a skeleton of the screen asked for; the app's own
// skeleton then takes its place box for box, and the content replaces that.

/** The app's code (the entry chunk index.html names): held, the page is what the server sent. */
const APP_CODE = /\/assets\/index-[\w-]+\.js$/;
const HOME_READ = new RegExp(`${HOME_PATH}(\\?|$)`);
const RESOURCES_READ = new RegExp(`${callPath(resourceInfoCall)}(\\?|$)`);
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Holds every request matching `url` until `release` is called; then they, and later ones, pass. */
async function hold(page: Page, url: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(url, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

/** Each selector's first element's box, whole pixels, as the viewport places it. */
function boxesOf(page: Page, selectors: string[]) {
  return page.evaluate(
    (list) =>
      list.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box && [box.x, box.y, box.width, box.height].map(Math.round);
      }),
    selectors,
  );
}

/** How many of the page's own skeleton's animations run (the shimmer). */
const shimmering = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector('.boot')
        ?.getAnimations({ subtree: true })
        .filter((animation) => animation.playState !== 'idle').length ?? 0,
  );

/** What a page shows before any script: the shell at this width and the screen's skeleton. */
async function expectFirstPaint(page: Page, screen: 'feed' | 'story', active: string) {
  const boot = page.locator('.boot');
  await expect(boot).toBeVisible();
  await expect(boot.locator('.boot__name')).toHaveText('Taleforge');
  await expect(boot.locator('.boot__link--for-you')).toHaveText('For You', { useInnerText: true });
  await expect(boot.locator('.boot__link--create')).toHaveText('Create', { useInnerText: true });
  await expect(boot.locator(`.boot__link--${active} svg`)).toHaveCSS('color', 'rgb(246, 199, 107)');
  await expect(boot.locator(screen === 'feed' ? '.boot__hero' : '.boot__stage')).toBeVisible();
  await expect(boot.locator(screen === 'feed' ? '.boot__stage' : '.boot__hero')).toBeHidden();
  // Assistive technology hears that the page is loading, in its language; nothing else of it.
  await expect(page.getByRole('status')).toHaveText('Loading…', { useInnerText: true });
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  // No script has run: not even the devtools guard, which comes first.
  expect(await page.evaluate(() => performance.getEntriesByType('mark').length)).toBe(0);
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px /For_You shows the shell and the feed's skeleton before any script; the app's skeleton takes its place, then the content`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const releaseCode = await hold(page, APP_CODE);
    const releaseHome = await hold(page, HOME_READ);
    await page.goto('/For_You', { waitUntil: 'commit' });
    await expectFirstPaint(page, 'feed', 'for-you');

    // Still for a player who asked for less motion (the journeys' default), shimmering otherwise.
    expect(await shimmering(page)).toBe(0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await shimmering(page)).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: 'reduce' });

    const first = await boxesOf(page, [
      '.boot__hero',
      '.boot__title',
      '.boot__cover',
      '.boot__game .boot__line',
      '.boot__section + .boot__section .boot__title',
    ]);

    // The scripts run while the home's read is on its way: the app's skeleton stands where the
    // page's stood, and the page's is gone.
    await releaseCode();
    await waitForMount(page);
    await expect(page.locator('.hero--skeleton')).toBeVisible();
    await expect(page.locator('.boot')).toHaveCount(0);
    expect(
      await boxesOf(page, [
        '.hero--skeleton',
        '.home-section__title-skeleton',
        '.game-card--skeleton .game-card__cover',
        '.game-card--skeleton .game-card__line',
        '.home-section + .home-section .home-section__title-skeleton',
      ]),
    ).toEqual(first);

    // The read arrives: the content replaces the skeleton, and no skeleton is left.
    await releaseHome();
    await expect(page.locator('section.hero').getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.locator('[data-section]').first().getByRole('link').first()).toBeVisible();
    await expect(page.locator('.skeleton, .boot')).toHaveCount(0);
  });
}

test("a story page shows the stage's skeleton before any script, where the play page's stands", async ({
  page,
  request,
}) => {
  const home = await api(request, homeCall, { dfId: 'v_e2e_first_paint' });
  const games = home.data!.sections.flatMap((section) => section.games);
  const gameId = games.find((game) => game.kind === 'story')!.id;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const releaseCode = await hold(page, APP_CODE);
    const releaseResources = await hold(page, RESOURCES_READ);
    await page.goto(`/drama/${gameId}`, { waitUntil: 'commit' });
    await expectFirstPaint(page, 'story', 'drama');
    const stage = ['.boot__stage', '.boot__dialogue', '.boot__rail span', '.boot__journal'];
    const first = await boxesOf(page, stage);

    await releaseCode();
    await waitForMount(page);
    await expect(page.locator('.play[aria-busy=true] .play-skeleton__dialogue')).toBeVisible();
    expect(
      await boxesOf(page, [
        '.play__stage',
        '.play-skeleton__dialogue',
        '.play-skeleton__rail span',
        '.play-skeleton__journal',
      ]),
    ).toEqual(first);

    await releaseResources();
    await expect(page.locator('.play__titles h1')).not.toHaveText('…');
    await expect(page.locator('.play__bottom .dialogue:not(.dialogue--loading)')).toBeVisible();
    await expect(page.locator('.play-skeleton__dialogue, .boot')).toHaveCount(0);
  }
});
