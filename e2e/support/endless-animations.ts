// The journeys hold the app's endless CSS loops still: the play page's bobbing "more" arrow, the
// assistant's breathing avatar, a skeleton's shimmer, a spinner. Running, each keeps Chromium
// drawing a new frame 60 times a second for as long as a journey sits on the page (a fifth of a
// core for the play page's arrow alone, measured), and none of them is what a journey checks.
// Loops without a reduced-motion rule keep running when a journey asks for less motion, and the
// story journey plays with motion on. Animations that end (a dialog sliding in, a fade) run as
// the journey's player sees them: the page checks wait for those before judging a screen.

import type { Browser } from '@playwright/test';

/** Pauses each animation that never ends as it starts (runs in the browser). */
function holdEndlessAnimations() {
  document.addEventListener(
    'animationstart',
    (event) => {
      if (!(event.target instanceof Element)) return;
      for (const animation of event.target.getAnimations({ subtree: true })) {
        if (animation.effect?.getComputedTiming().endTime === Infinity) animation.pause();
      }
    },
    true,
  );
}

/**
 * Every context the worker's browser makes holds them: the test's own and those a journey opens
 * for a second player, an attacker or a visitor (`browser.newContext()`, `browser.newPage()`),
 * which left running cost the social journeys a quarter of their Chromium time. Playwright has no
 * option for an init script on every context, so the browser's `newContext` is wrapped; the
 * test's own context and `newPage` go through it too.
 */
export function holdEndlessAnimationsInEveryContext(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(holdEndlessAnimations);
    return context;
  };
}
