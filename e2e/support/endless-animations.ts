// The journeys hold the app's endless CSS loops still: the play page's bobbing "more" arrow, the
// assistant's breathing avatar, a skeleton's shimmer, a spinner. Running, each keeps Chromium
// drawing a new frame 60 times a second for as long as a journey sits on the page (a fifth of a
// core for the play page's arrow alone, measured), and none of them is what a journey checks.
// Animations that end (a dialog sliding in, a fade) run as a player sees them: the page checks
// wait for those before judging a screen.

import type { BrowserContext } from '@playwright/test';

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

export function holdEndlessAnimationsIn(context: BrowserContext) {
  return context.addInitScript(holdEndlessAnimations);
}
