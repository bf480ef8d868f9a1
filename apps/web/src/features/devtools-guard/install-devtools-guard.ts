import { LIMITS } from '@taleforge/contracts/constants';
import { isDevtoolsOpen, isGuardExempt, type WindowSize } from './detect';

type GuardOptions = {
  win?: Window & typeof globalThis;
  testHost: string;
  intervalMs?: number;
};

const OVERLAY_TEST_ID = 'devtools-overlay';

function createOverlay(doc: Document): HTMLElement {
  const overlay = doc.createElement('div');
  overlay.dataset.testid = OVERLAY_TEST_ID;
  overlay.setAttribute('aria-hidden', 'true');
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;background:#000;pointer-events:all;';
  return overlay;
}

/**
 * Polls the window size and covers the page while developer tools look open. Returns a function
 * that stops the guard (used by tests). Does nothing on localhost or the test host.
 */
export function installDevtoolsGuard({ win = window, testHost, intervalMs }: GuardOptions) {
  if (isGuardExempt(win.location, testHost)) return () => {};
  const doc = win.document;
  let overlay: HTMLElement | null = null;

  const check = () => {
    const open = isDevtoolsOpen(win as WindowSize);
    if (open && !overlay) {
      overlay = createOverlay(doc);
      // On <html>, not <body>: the body itself is hidden.
      doc.documentElement.append(overlay);
      doc.body.style.visibility = 'hidden';
    } else if (!open && overlay) {
      overlay.remove();
      overlay = null;
      doc.body.style.visibility = '';
    }
  };

  check();
  const timer = win.setInterval(check, intervalMs ?? LIMITS.devtoolsCheckMs);
  return () => {
    win.clearInterval(timer);
    overlay?.remove();
    doc.body.style.visibility = '';
  };
}
