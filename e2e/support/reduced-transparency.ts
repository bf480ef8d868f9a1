// The journeys' player asked for less transparency (`prefers-reduced-transparency: reduce`), as
// they asked for less motion: the header, the tab bar, dialogs' overlays and the story's dialogue
// box are solid instead of blurring what lies behind them. Chromium blurs in software here, on
// every frame such a surface is drawn over (the GPU does it on a player's phone): solid, the
// journeys cost Chromium less CPU (docs/performance.md). The story journey keeps the blur
// (story-game.spec.ts), so both paths are still drawn in a real browser.
//
// Playwright has no option for this media feature, so each page gets it through a CDP session
// of its own, which Chromium merges with Playwright's own emulation (less motion, colours).

import type { Browser, BrowserContext, Page } from '@playwright/test';

export type Transparency = 'reduce' | 'no-preference';

async function emulate(context: BrowserContext, page: Page, value: Transparency) {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setEmulatedMedia', {
    features: [{ name: 'prefers-reduced-transparency', value }],
  });
}

/**
 * Every context the worker's browser makes emulates `value` on each of its pages: the test's own
 * and those a journey opens for a second player or a visitor. A page from `newPage()` has it
 * before it is handed over, so its first screen is drawn that way; a page the app opens itself
 * (a popup) gets it as soon as it is seen.
 */
export function emulateTransparencyInEveryContext(browser: Browser, value: Transparency) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    const ready = new WeakMap<Page, Promise<void>>();
    const prepare = (page: Page) => {
      let done = ready.get(page);
      if (!done) {
        // A page closed before its session opened needs nothing more.
        done = emulate(context, page, value).catch(() => undefined);
        ready.set(page, done);
      }
      return done;
    };
    context.on('page', (page) => void prepare(page));
    context.newPage = async () => {
      const page = await newPage();
      await prepare(page);
      return page;
    };
    return context;
  };
}
