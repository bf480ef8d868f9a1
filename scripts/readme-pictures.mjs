#!/usr/bin/env node
// `npm run pictures`: the README's pictures, taken from the built product as a newcomer meets it —
// a fresh data directory with the demo works, a first visit in Chromium — so they can be made
// again whenever a screen changes. Writes docs/screenshot.png (home, desktop),
// docs/screenshot-phone.png (home, 390 px) and docs/play-screenshot.png (a story in play).
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../bench/lib/browser.mjs';
import { startBuiltServer } from '../bench/lib/server-process.mjs';
import { ensureBuild } from './ensure-build.mjs';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

ensureBuild();
const server = await startBuiltServer();
const browser = await launchChromium();
try {
  const picture = async (viewport, path, file, ready) => {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`);
    await ready(page);
    // Cover art and portraits fade in; let them settle.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${docs}${file}` });
    await context.close();
    console.log(`docs/${file}`);
  };
  const homeReady = (page) => page.locator('a[href^="/drama/"]').first().waitFor();
  await picture(DESKTOP, '/For_You', 'screenshot.png', homeReady);
  await picture(PHONE, '/For_You', 'screenshot-phone.png', homeReady);

  const home = await fetch(
    `${server.origin}/taleforge/api/h5/game/home?lang=en_US&df_id=v_readmepictures`,
  ).then((r) => r.json());
  // A story game (the home also shelves drama series, which play as video).
  const first = home.data.sections
    .flatMap((section) => section.games)
    .find((game) => game.kind === 'story');
  await picture(DESKTOP, `/drama/${first.id}`, 'play-screenshot.png', async (page) => {
    const dialogue = page.getByTestId('dialogue');
    await dialogue.waitFor();
    // Until the story asks something: scene, a character, the dialogue and the choices on stage.
    const action = page.locator('.choices, [data-testid=puzzle], [data-testid=dice]');
    for (let taps = 0; taps < 40 && !(await action.first().isVisible()); taps++) {
      await dialogue.click();
      await page.waitForTimeout(150);
    }
  });
} finally {
  await browser.close();
  await server.stop();
}
