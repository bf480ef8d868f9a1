import { chromium } from '@playwright/test';

const base = process.argv[2];
const out = '/tmp/shots';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
async function read(page) {
  const action = page.locator(
    '.choices, [data-testid=puzzle], [data-testid=dice], [data-testid=word], .conversation, [data-testid=chapter-end]',
  );
  for (let i = 0; i < 60; i++) {
    if (await action.first().isVisible()) return;
    await page.getByTestId('dialogue').click();
  }
}
for (const [w, h, name, lang] of [
  [390, 844, 'phone', 'en_US'],
  [1280, 860, 'desk', 'en_US'],
  [390, 844, 'phone-ja', 'ja_JP'],
  [1280, 860, 'desk-zh', 'zh_CN'],
]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  await ctx.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(`${base}/For_You`);
  await page.waitForSelector('.game-card');
  await page.screenshot({ path: `${out}/${name}-home.png` });
  await page.locator('[data-section="FUTURE"] a').first().click();
  await read(page);
  await page.screenshot({ path: `${out}/${name}-choices.png` });
  await page.locator('.choice').first().click();
  await read(page);
  await page.locator('.choice').first().click();
  await read(page);
  await page.screenshot({ path: `${out}/${name}-dice.png` });
  if (await page.getByTestId('dice').isVisible()) {
    await page.getByTestId('dice').getByRole('button').click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/${name}-dice2.png` });
  }
  if (name.startsWith('phone')) {
    await page.locator('.play__journal-toggle').click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-journal.png` });
  }
  await ctx.close();
}
// puzzle + word + end on desktop
const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
const page = await ctx.newPage();
await page.goto(`${base}/For_You`);
await page.waitForSelector('.game-card');
await page.locator('[data-section="MAGIC"] a').first().click();
await read(page);
await page.locator('.choice').first().click();
await read(page);
await page.locator('.choice').first().click();
await read(page);
await page.screenshot({ path: `${out}/desk-word.png` });
await ctx.close();
const ctx2 = await browser.newContext({ viewport: { width: 390, height: 844 } });
const p2 = await ctx2.newPage();
await p2.goto(`${base}/For_You`);
await p2.waitForSelector('.game-card');
await p2.locator('[data-section="ROMANCE"] a').first().click();
for (let k = 0; k < 3; k++) {
  await read(p2);
  if (await p2.locator('.choice').first().isVisible()) await p2.locator('.choice').first().click();
}
await read(p2);
await p2.screenshot({ path: `${out}/phone-puzzle.png` });
await browser.close();
