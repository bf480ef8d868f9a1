import {
  ACCEPT_LANGUAGE,
  HOME_PATH,
  type Locale,
  pathOf,
  STORAGE_KEYS,
  switchLanguage,
  waitForMount,
} from '../support/app';
import { expect, type Page, test } from '../support/device';

const headerText = (page: Page) => page.getByRole('banner').textContent();
const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

async function expectHomeCallIn(page: Page, locale: Locale) {
  const home = page.waitForRequest((request) => pathOf(request) === HOME_PATH);
  await page.reload();
  const request = await home;
  expect(new URL(request.url()).searchParams.get('lang')).toBe(locale);
  expect(await request.headerValue('accept-language')).toBe(ACCEPT_LANGUAGE[locale]);
}

test.use({ locale: 'en-US' });

for (const [locale, htmlPrefix] of [
  ['zh_CN', /^zh/],
  ['ja_JP', /^ja/],
] as const) {
  test(`switching to ${locale} changes the texts, <html lang> and the API language, and persists`, async ({
    page,
  }) => {
    await page.goto('/For_You');
    await waitForMount(page);
    await expect.poll(() => htmlLang(page)).toMatch(/^en/);
    const english = await headerText(page);

    await switchLanguage(page, locale);
    await expect.poll(() => htmlLang(page)).toMatch(htmlPrefix);
    await expect.poll(() => headerText(page)).not.toBe(english);
    const translated = await headerText(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe(
      locale,
    );

    // The choice survives a reload, and every call now speaks the new language.
    await expectHomeCallIn(page, locale);
    await waitForMount(page);
    await expect.poll(() => htmlLang(page)).toMatch(htmlPrefix);
    await expect.poll(() => headerText(page)).toBe(translated);
  });
}

test('the English default sends lang=en_US and Accept-Language: en', async ({ page }) => {
  await page.goto('/For_You');
  await waitForMount(page);
  await expectHomeCallIn(page, 'en_US');
});
