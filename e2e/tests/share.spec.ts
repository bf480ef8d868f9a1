import type { APIRequestContext } from '@playwright/test';
import { E2E_PORT, STORAGE_KEYS, waitForMount } from '../support/app';
import { gameTitle, translator } from '../support/catalogue';
import { expect, test } from '../support/device';
import { openGameFromHome } from '../support/home';
import { expectNoSidewaysOverflow, PICTURE } from '../support/layout';

// Sharing as players do it: at a desk the link of a work is copied, on a phone a profile goes to
// the system's share sheet; and the link's HTML, fetched without running any script, carries the
// preview tags a chat app or a social network unfurls.

const ORIGIN = `http://localhost:${E2E_PORT}`;

/** The Open Graph / Twitter tags of a page's <head>, as a link unfurler reads the raw HTML. */
async function previewTags(request: APIRequestContext, path: string, language: string) {
  const response = await request.get(path, { headers: { 'accept-language': language } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const [, key, value] of head.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g,
  )) {
    // The server writes attributes with escape-html: these five are all it can produce.
    tags[key!] = value!
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  }
  return { tags, title: /<title>([^<]*)<\/title>/.exec(head)?.[1] };
}

test('at a desk, Share copies the work’s link, and the link previews it (en, 1280 px)', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
  await page.setViewportSize({ width: 1280, height: 900 });
  const title = gameTitle('lantern-ledger', 'en_US');
  await page.goto('/For_You');
  await waitForMount(page);
  await openGameFromHome(page, new RegExp(title));
  await expect(page).toHaveURL(/\/drama\/\d+$/);
  const path = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // By keyboard: the button takes focus and Enter shares.
  const share = page.getByRole('button', { name: 'Share this story' });
  await share.focus();
  await share.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${ORIGIN}${path}`);
  await page.screenshot({ path: info.outputPath('share-work-en-1280.jpg'), ...PICTURE });

  const { tags, title: documentTitle } = await previewTags(page.request, path, 'en-US');
  expect(tags['og:title']).toBe(title);
  expect(documentTitle).toBe(`${title} · Taleforge`);
  expect(tags['og:url']).toBe(`${ORIGIN}${path}`);
  expect(tags['twitter:card']).toBe('summary_large_image');
  expect(tags['og:image']).toMatch(new RegExp(`^${ORIGIN}/`));
  // The cover the preview names is really there.
  const cover = await page.request.get(tags['og:image']!);
  expect(cover.status()).toBe(200);
  expect(cover.headers()['content-type']).toMatch(/^image\//);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('Share opens the share sheet with the profile’s link (ja, 390 px)', async ({
    page,
  }, info) => {
    const t = translator('ja_JP');
    // Headless Chromium on Linux has no system share sheet: this stands in for the one a phone
    // opens, and keeps what it was given.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => {
          shared.push(data);
        },
      });
    });
    await page.goto('/For_You');
    await waitForMount(page);
    await page.evaluate(([key]) => localStorage.setItem(key!, 'ja_JP'), [STORAGE_KEYS.language]);
    await page.reload();
    await waitForMount(page);

    const creator = page.locator('a.game-card__creator').first();
    const name = (await creator.textContent())!.trim();
    await creator.click();
    await expect(page).toHaveURL(/\/profile\/[A-Za-z0-9_-]+$/);
    const path = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const share = page.getByRole('button', { name: t('share.profileLabel', { name }) });
    await expect(share).toHaveText(t('share.button'));
    await share.tap();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
      .toEqual([{ title: name, text: t('share.profileText', { name }), url: `${ORIGIN}${path}` }]);
    // The sheet is the confirmation: no toast on top of it.
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectNoSidewaysOverflow(page, 'profile with Share (ja, 390 px)');
    await page.screenshot({ path: info.outputPath('share-profile-ja-390.jpg'), ...PICTURE });

    const { tags } = await previewTags(page.request, `${path}?lang=ja_JP`, 'ja');
    expect(tags['og:title']).toBe(name);
    expect(tags['og:type']).toBe('profile');
    expect(tags['og:url']).toBe(`${ORIGIN}${path}`);
    expect(tags['og:locale']).toBe('ja_JP');
  });

  test('the stage keeps Share in its rail, within 390 px (ja)', async ({ page }, info) => {
    await page.goto('/For_You');
    await waitForMount(page);
    await page.evaluate(([key]) => localStorage.setItem(key!, 'ja_JP'), [STORAGE_KEYS.language]);
    await page.reload();
    await waitForMount(page);
    await openGameFromHome(page, new RegExp(gameTitle('lantern-ledger', 'ja_JP')));
    await expect(page.getByTestId('dialogue')).toBeVisible();
    const share = page.getByRole('button', { name: translator('ja_JP')('share.workLabel') });
    await expect(share).toBeInViewport({ ratio: 1 });
    await expect(
      page
        .getByTestId('work-social')
        .getByRole('button', { name: translator('ja_JP')('share.workLabel') }),
    ).toBeVisible();
    await expectNoSidewaysOverflow(page, 'stage with Share (ja, 390 px)');
    await page.screenshot({ path: info.outputPath('share-work-ja-390.jpg'), ...PICTURE });
  });
});
