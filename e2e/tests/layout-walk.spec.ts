import { existsSync } from 'node:fs';
import { expect, test } from '../support/device';
import { checkScreen, PHONE } from '../support/layout';

// The layout walk (support/layout.ts) must find what it is there to find: an element that sticks
// out sideways at one of its widths only, named so a person can find it. The page is made here,
// without the app, so nothing else can stick out.

const TABLET_ONLY = `<main>
  <style>@media (min-width: 700px) and (max-width: 800px) { #wide { width: 900px } }</style>
  <p id="wide" class="banner">Too wide for a tablet</p>
</main>`;

test('the layout walk names an element that sticks out at 768 px only', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await page.setContent(TABLET_ONLY);
  const failure = await checkScreen(page, testInfo, 'tablet-only').then(
    () => 'no failure',
    (error: Error) => error.message,
  );
  expect(failure).toContain('tablet-only at 768 px has nothing sideways');
  expect(failure).toContain('the page scrolls sideways: 908 > 768 px');
  // The message quotes the list as JSON: the element's quotes come escaped.
  expect(failure).toMatch(/<p#wide\.banner> \\?"Too wide for a tablet\\?" spans 8–908 px/);
  // The phone before it passed and was pictured; the walk stopped where it failed.
  expect(existsSync(testInfo.outputPath('tablet-only-390.jpg'))).toBe(true);
  expect(existsSync(testInfo.outputPath('tablet-only-1280.jpg'))).toBe(false);
});
