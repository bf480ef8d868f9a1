import { createHash } from 'node:crypto';
// Every journey also runs the page checks (accessibility, Content-Security-Policy): see the file.
import { test as base } from './page-checks';

/**
 * A device of its own for every test, every repeat and every retry of it. The visitor id is
 * derived from the device's stable signals, so two runs on one emulated device would share a
 * visitor account, its gems and its saves: a retry would start from what the failed attempt left
 * behind. The screen size is one of those signals; it is set in the page rather than through the
 * context's screen option, which `setViewportSize` resets to the viewport.
 */
export const test = base.extend({
  context: async ({ context }, use, info) => {
    const seed = createHash('sha256')
      .update(`${info.testId}:${info.repeatEachIndex}:${info.retry}`)
      .digest();
    const size = { width: 1600 + (seed.readUInt16BE(0) % 800), height: 900 + (seed[2] ?? 0) };
    await context.addInitScript((s) => {
      Object.defineProperty(Screen.prototype, 'width', { get: () => s.width });
      Object.defineProperty(Screen.prototype, 'height', { get: () => s.height });
    }, size);
    await use(context);
  },
});

export { type CDPSession, expect, type Page, type Request } from '@playwright/test';
