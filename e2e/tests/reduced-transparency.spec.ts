import { waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { openGameFromHome } from '../support/home';

// The journeys' player asked for less transparency (support/reduced-transparency.ts) in every
// context a journey opens, and the app answers it with solid surfaces: the header and the story's
// dialogue box blur nothing behind them. The story journey (story-game.spec.ts) checks the blur
// a player who asked for nothing sees.

const reduced = (page: Page) =>
  page.evaluate(() => matchMedia('(prefers-reduced-transparency: reduce)').matches);

const surface = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    return { blur: style.backdropFilter, background: style.backgroundColor };
  });

test('the header and the dialogue box are solid for a player who asked for less transparency', async ({
  page,
  browser,
}) => {
  await page.goto('/For_You');
  await waitForMount(page);
  expect(await reduced(page)).toBe(true);
  expect(await surface(page, '.app-header')).toEqual({
    blur: 'none',
    background: 'rgb(12, 9, 32)',
  });

  await openGameFromHome(page, /The Lantern Ledger/);
  await expect(page.getByTestId('dialogue')).toContainText('Rain drums');
  expect(await surface(page, '.dialogue')).toEqual({ blur: 'none', background: 'rgb(23, 17, 58)' });

  // A second player's page, from a context the journey makes itself.
  const second = await browser.newPage();
  try {
    expect(await reduced(second)).toBe(true);
  } finally {
    await second.close();
  }
});
