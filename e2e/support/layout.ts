// Layout checks for the phone journeys: nothing may scroll or stick out sideways, and what a
// player must reach may not sit under the fixed header or tab bar.

import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
/**
 * How the walk's pictures are taken: for a person to judge, not to compare pixels. JPEG at
 * quality 85 reads as well as PNG and costs Chromium a third less to encode at 1280 px, and the
 * caret stays as it is (hiding it restyles the whole page twice per picture).
 */
export const PICTURE = { type: 'jpeg', quality: 85, caret: 'initial' } as const;
/** Widths checked but not pictured: the widest phones and a tablet held upright. */
const BETWEEN = [
  { width: 430, height: 932 },
  { width: 768, height: 1024 },
] as const;

/**
 * What sticks out sideways on the page as shown (runs in the browser): the document, or a box
 * inside it, scrolling sideways, and every rendered element whose box leaves the viewport's
 * width. An
 * element inside a box that clips or scrolls sideways (a shelf of cards) is judged by that box:
 * it is hidden there, not off the page. `html` and `body` never count as such a box, so hiding
 * an overflow with `overflow-x: hidden` on them does not pass.
 */
function findSidewaysOverflow(): string[] {
  const problems: string[] = [];
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} px`);
  }
  const width = document.documentElement.clientWidth;
  const clipped = (el: Element) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const classes = [...el.classList].map((c) => `.${c}`).join('');
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `<${el.tagName.toLowerCase()}${id}${classes}> "${text}"`;
  };
  for (const el of document.body.querySelectorAll('*')) {
    // A box whose content is wider than itself scrolls or hides it sideways (a dialog with
    // overflow hidden still scrolls to a focused field), unless it is a row made to be swiped
    // (it snaps along x), a line of text cut with an ellipsis on purpose, or text for screen
    // readers only (a 1 px box).
    const style = getComputedStyle(el);
    const swipeRow = /^(x|both)/.test(style.scrollSnapType);
    const ellipsis = style.textOverflow === 'ellipsis';
    const screenReaderOnly = el.clientWidth <= 1;
    if (style.overflowX !== 'visible' && !swipeRow && !ellipsis && !screenReaderOnly) {
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollLeft !== 0) {
        problems.push(
          `${describe(el)} holds ${el.scrollWidth} px in ${el.clientWidth} px (scrolled ${el.scrollLeft})`,
        );
      }
    }
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.left >= -0.5 && box.right <= width + 0.5) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (clipped(el)) continue;
    problems.push(`${describe(el)} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
  }
  return problems;
}

/** Waits (2 s at most) for the transitions and animations that end, e.g. a dialog sliding in
 * (runs in the browser). */
function settle(): Promise<unknown> {
  const ending = document
    .getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
    .map((a) => a.finished.catch(() => undefined));
  return Promise.race([Promise.all(ending), new Promise((done) => setTimeout(done, 2_000))]);
}

/** A width's first look in one round trip instead of two: the screen settles, then is scanned. */
const SETTLE_THEN_SCAN = `(${settle})().then(${findSidewaysOverflow})`;

/**
 * Fails with every element that sticks out, by name, when anything does. With `settleFirst`
 * (after a resize) the first scan waits for the screen's ending transitions.
 */
export async function expectNoSidewaysOverflow(page: Page, screen: string, settleFirst = false) {
  // Layout settles after fonts, lazy chunks and transitions: judge the screen once it holds.
  let settling = settleFirst;
  await expect
    .poll(
      () => {
        const scan = settling
          ? page.evaluate<string[]>(SETTLE_THEN_SCAN)
          : page.evaluate(findSidewaysOverflow);
        settling = false;
        return scan;
      },
      {
        message: `${screen} at ${page.viewportSize()?.width} px has nothing sideways`,
      },
    )
    .toEqual([]);
}

/** The element's whole box is inside the viewport's width and height as the page is now. */
export async function expectInView(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize()!;
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(
    viewport.width + 0.5,
  );
  expect(box!.y, `${what} is not above the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} is not below the viewport`).toBeLessThanOrEqual(
    viewport.height + 0.5,
  );
}

/**
 * The screen at phone width, at 430 and 768 px, then at desktop width: none scrolls sideways.
 * The phone and desktop views are saved as pictures beside the test's results
 * (`<name>-390.jpg`, `<name>-1280.jpg`) for a person to judge. The page is left at phone width.
 */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  for (const size of [PHONE, ...BETWEEN, DESKTOP]) {
    // Each resize lays the whole page out again: none when the journey is at this size already.
    const now = page.viewportSize();
    if (now?.width !== size.width || now.height !== size.height) await page.setViewportSize(size);
    await expectNoSidewaysOverflow(page, name, true);
    if (size === PHONE || size === DESKTOP) {
      await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.jpg`), ...PICTURE });
    }
  }
  await page.setViewportSize(PHONE);
}

type Box = { left: number; top: number; right: number; bottom: number };

/** The part of an element a player can see: its box cut by every ancestor that clips or scrolls
 * (a journal that scrolls hides what is below its edge), or null when nothing of it shows. */
async function visibleBox(locator: Locator): Promise<Box | null> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = up.getBoundingClientRect();
      box = {
        left: Math.max(box.left, c.left),
        top: Math.max(box.top, c.top),
        right: Math.min(box.right, c.right),
        bottom: Math.min(box.bottom, c.bottom),
      };
    }
    return box.right - box.left > 0.5 && box.bottom - box.top > 0.5 ? box : null;
  });
}

/**
 * `over` (a control that floats or stands on top) covers no visible part of `under`. With
 * `unseenIsFine`, an `under` wholly clipped away (a card scrolled off its shelf) passes.
 */
export async function expectUncovered(
  under: Locator,
  over: Locator,
  what: string,
  { unseenIsFine = false } = {},
) {
  const [a, b] = [await visibleBox(under), await visibleBox(over)];
  if (!a && unseenIsFine) return;
  expect(a, `${what} shows`).not.toBeNull();
  if (!b) return;
  const overlap =
    Math.min(a!.right, b.right) - Math.max(a!.left, b.left) > 0.5 &&
    Math.min(a!.bottom, b.bottom) - Math.max(a!.top, b.top) > 0.5;
  expect(overlap, `${what} is clear of what stands over it: ${JSON.stringify({ a, b })}`).toBe(
    false,
  );
}
