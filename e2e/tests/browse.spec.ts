import { gameListCall } from '@taleforge/contracts';
import { callPath } from '../support/api';
import { switchLanguage, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';

// Issue 19, browse and find: the browse page (filter, sort, search, infinite scroll, empty state,
// filters in the URL) and a home page that shows no game twice on its first screen.

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const LIST_PATH = callPath(gameListCall);
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** The game ids linked from what is on screen without scrolling: hero and shelves. */
async function gamesOnFirstScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ids: string[] = [];
    const seenInCard = new Set<Element>();
    for (const link of document.querySelectorAll<HTMLAnchorElement>('main a[href^="/drama/"]')) {
      const box = link.getBoundingClientRect();
      const onScreen =
        box.bottom > 0 &&
        box.top < window.innerHeight &&
        box.right > 0 &&
        box.left < window.innerWidth;
      const card = link.closest('.game-card, .hero') ?? link;
      if (!onScreen || seenInCard.has(card)) continue;
      seenInCard.add(card);
      ids.push(link.getAttribute('href')!);
    }
    return ids;
  });
}

test.describe('home shelves', () => {
  for (const size of WIDTHS) {
    test(`show no game twice on the first screen and no empty shelf at ${size.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto('/For_You');
      await waitForMount(page);
      await expect(page.locator('.hero h2')).not.toHaveText('');
      await expect(page.locator('[data-section]').first()).toBeVisible();
      const onScreen = await gamesOnFirstScreen(page);
      expect(onScreen.length).toBeGreaterThan(1);
      expect(new Set(onScreen).size).toBe(onScreen.length);
      // Not only the first screen: the demo's four games each appear once on the whole page.
      const everywhere = await page
        .locator('main [data-section] .game-card a[href^="/drama/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(new Set(everywhere).size).toBe(everywhere.length);
      // Game shelves hold game cards; the drama shelves (clips, once transcoded) poster cards.
      for (const shelf of await page.locator('[data-section]').all()) {
        await expect(shelf.locator('.game-card, .poster-card').first()).toBeVisible();
      }
      await shot(page, `home-${size.width}-en`);

      // Another language reads the home again: the hero and the shelves follow it.
      await switchLanguage(page, 'zh_CN');
      await expect(page.locator('.hero h2')).toHaveText(/[\u4e00-\u9fff]/);
      await expect(page.getByRole('link', { name: '浏览全部', exact: true })).toBeVisible();
      const inChinese = await gamesOnFirstScreen(page);
      expect(new Set(inChinese).size).toBe(inChinese.length);
      await shot(page, `home-${size.width}-zh`);
    });
  }
});

test('browse in English at 1280 px: filter, sort, search, empty state, back and forward', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/For_You');
  await waitForMount(page);
  await page.getByRole('link', { name: 'Browse all', exact: true }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse stories' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Stories' });
  await expect(page.getByRole('status')).toHaveText('4 stories');
  await expect(results.getByRole('listitem')).toHaveCount(4);
  await shot(page, 'browse-1280-en');

  await page.getByRole('button', { name: 'Suspense', exact: true }).click();
  await expect(page).toHaveURL(/\/browse\?type=SUSPENSE$/);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('link', { name: /The Lantern Ledger/ })).toBeVisible();

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
  await expect(page).toHaveURL(/\/browse\?sort=new$/);
  await expect(results.getByRole('listitem')).toHaveCount(4);

  // Search matches a tag as well as a title, whatever the case.
  await page.getByRole('searchbox', { name: 'Search stories by title or tag' }).fill('NOIR');
  await expect(page).toHaveURL(/q=NOIR/);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('link', { name: /The Lantern Ledger/ })).toBeVisible();
  // And whatever the accents: "cafe" finds the Café.
  await page.getByRole('searchbox').fill('cafe');
  await expect(results.getByRole('link', { name: /Second Chance Café/ })).toBeVisible();

  await page.getByRole('searchbox').fill('zebra');
  await expect(page.getByRole('heading', { name: 'No stories match' })).toBeVisible();
  await shot(page, 'browse-1280-en-empty');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(page).toHaveURL(/\/browse\?sort=new$/);
  await expect(results.getByRole('listitem')).toHaveCount(4);

  // Back returns to the search that found nothing, then to the sorted list: the URL holds it all.
  await page.goBack();
  await expect(page.getByRole('searchbox')).toHaveValue('zebra');
  await expect(page.getByRole('heading', { name: 'No stories match' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('searchbox')).toHaveValue('');

  // A shared link opens the same view.
  await page.goto('/browse?type=MAGIC&sort=rating');
  await expect(page.getByRole('button', { name: 'Magic', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  await expect(results.getByRole('link', { name: /Ember Academy/ })).toBeVisible();

  // Keyboard: the genre chips and the cards are reachable and work with Enter.
  await page.getByRole('button', { name: 'All', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/browse\?sort=rating$/);
});

test('browse in Chinese at 390 px from the drama shell: search in Chinese, pages as you scroll', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // Ask for one game a page, so four games make four pages read from the real server's cursors;
  // the second page is held back a moment so its skeletons can be seen.
  let held = false;
  await page.route(`**${LIST_PATH}?*`, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('page_size', '1');
    if (url.searchParams.has('cursor') && !held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue({ url: url.toString() });
  });
  await page.goto('/drama');
  await waitForMount(page);
  await switchLanguage(page, 'zh_CN');
  await page.getByRole('link', { name: '浏览全部故事' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1, name: '浏览故事' })).toBeVisible();
  const results = page.getByRole('list', { name: '故事' });
  await expect(page.getByRole('status')).toHaveText('4 个故事');

  // Scrolling to the end asks for the next page: skeleton cards first, then the game.
  await expect(results.locator('li:not([aria-hidden])')).toHaveCount(1);
  await page.mouse.wheel(0, 2_000);
  await expect(results.locator('.game-card--skeleton').first()).toBeVisible();
  await shot(page, 'browse-390-zh-loading');
  // The rest follow as the end comes into view, until the last page says there is no more.
  await expect(async () => {
    await page.mouse.wheel(0, 2_000);
    await expect(results.locator('li:not([aria-hidden])')).toHaveCount(4, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('button', { name: '加载更多故事' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: '按标题或标签搜索故事' }).fill('学院');
  await expect(results.getByRole('link', { name: /余烬学院/ })).toBeVisible();
  await expect(results.locator('li:not([aria-hidden])')).toHaveCount(1);
  await shot(page, 'browse-390-zh');
  // A tag, in Chinese.
  await page.getByRole('searchbox').fill('科幻');
  await expect(results.getByRole('link', { name: /开普勒/ })).toBeVisible();
  await expect(results.locator('li:not([aria-hidden])')).toHaveCount(1);

  await page.getByRole('button', { name: '魔法', exact: true }).click();
  await expect(page.getByRole('heading', { name: '没有符合条件的故事' })).toBeVisible();
  await shot(page, 'browse-390-zh-empty');
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(page.getByRole('status')).toHaveText('4 个故事');
});
