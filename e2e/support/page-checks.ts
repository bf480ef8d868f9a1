// Checks every journey makes on every screen it shows, without the test asking for them:
//
// - axe-core finds no serious or critical accessibility violation. A screen is scanned the first
//   time a journey acts on it (a click, a fill, an auto-waiting assertion) and when a test ends on
//   it. A screen is the page's path, its <html lang>, the layout (phone, tablet, desktop), the
//   header's controls, the dialogs and alerts in view and the page's own h1/h2 headings (not those
//   inside dialogs or side panels): a login step, a mini-game, a payment result, an error shown, a
//   signed-in header or the same page in another language is a new screen; tapping through a
//   story's lines is not. Each worker scans a screen once: the test that first shows it fails on
//   what it finds.
// - The browser reports no Content-Security-Policy violation on any page of the test's context.
//
// Both fail the test at its end with every finding listed, so one run shows all of them.
//
// axe-core is injected once per document and run in it directly: @axe-core/playwright's builder
// evaluates the script again (twice) on every scan, seconds on a busy machine that count against
// the journey's action timeouts, and its default mode opens a page of its own, which blocks
// inside a locator handler.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { holdEndlessAnimationsInEveryContext } from './endless-animations';
import { E2E_PORT, MODEL_PORT, SHORT_SESSION_PORT, STUDIO_PORT } from './env';
import { emulateTransparencyInEveryContext, type Transparency } from './reduced-transparency';

/** The minified build: half the size of the package's `source`, so half the time to inject. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The impacts that fail a journey; axe's "minor" and "moderate" ones are left to review. */
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);
/** Pages of our servers; the loopback stand-ins for Google and Discord are not ours to check. */
const OUR_PORTS: ReadonlySet<number> = new Set([
  E2E_PORT,
  SHORT_SESSION_PORT,
  MODEL_PORT,
  STUDIO_PORT,
]);
/** A scan that loses its page to a navigation is tried again at the next action, this often. */
const SCAN_ATTEMPTS = 3;
/** How long a screen must hold still before it is judged: a moment between two states (a dialog
 * closed, its toast not yet shown, a reload 1 s away) is not a screen. */
const STILL_MS = 500;
/** Longest wait for the screen's transitions to end (colours caught mid-fade fail contrast). */
const SETTLE_MS = 1_500;
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };
const CSP_BINDING = '__taleforgeCspViolation';
/** The screen the checks last finished with in this document (a window property). */
const SEEN_PROPERTY = '__taleforgeScreenSeen';
/** A selector engine that finds the body only while the page shows a screen the checks have not
 * finished with: Playwright asks it before every action, so a screen already dealt with costs
 * that one question instead of a second round trip for the handler. */
const NEW_SCREEN_ENGINE = 'taleforge-new-screen';

type Finding = { screen: string; rule: string; impact: string; help: string; targets: string[] };
type CspViolation = { page: string; report: string };
type Screen = { key: string; ready: boolean };

/** Which screen the page shows, and whether it is done arriving (runs in the browser). */
function describeScreen(): Screen {
  const shown = (el: Element) =>
    el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const nameOf = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    const label = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : (el.getAttribute('aria-label') ?? el.textContent ?? '');
    return label.replace(/\s+/g, ' ').trim().slice(0, 60);
  };
  // Headings inside dialogs and side panels (the play page's journal) grow as a story goes on;
  // the dialog's own name, and the main part's h1 and h2s, tell its screens apart.
  const parts = [...document.querySelectorAll('[role=dialog], [role=alertdialog], h1, h2')]
    .filter((el) => el.matches('[role]') || !el.closest('[role=dialog], aside'))
    .filter(shown)
    .map((el) => `${el.getAttribute('role') ?? el.localName}:${nameOf(el)}`);
  if ([...document.querySelectorAll('[role=alert]')].some(shown)) parts.push('alert');
  const header = [...document.querySelectorAll('header a, header button, header select')]
    .filter(shown)
    .map((el) => nameOf(el).replace(/\d[\d,.]*/g, '#'));
  const width = innerWidth <= 600 ? 'phone' : innerWidth <= 1024 ? 'tablet' : 'desktop';
  // Not yet a screen: the document still loading, the start-up splash (no landmark yet), or a
  // part that says it is busy (a story loading, a reply streaming). Nor while a toast shows: the
  // journey is reading it, and a scan then could outlast it (an email sign-in reloads 1 s after
  // its toast); the screen is scanned at the next action.
  const ready =
    document.readyState === 'complete' &&
    document.querySelector('main, [role=main], [role=dialog], [role=alertdialog]') !== null &&
    ![...document.querySelectorAll('[aria-busy=true], .toaster [role=status]')].some(shown);
  return {
    key: [location.pathname, document.documentElement.lang, width, header.join(','), ...parts].join(
      ' | ',
    ),
    ready,
  };
}

/** Waits, a bounded time, for the CSS transitions and animations that do end. */
function settle(limitMs: number): Promise<unknown> {
  const finite = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
  return Promise.race([
    Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, limitMs)),
  ]);
}

/** The engine's source: describeScreen, run where Playwright runs its selectors. */
const newScreenEngine = `({
  queryAll(root) {
    const describeScreen = ${describeScreen.toString()};
    const body = root.ownerDocument?.body ?? root.body;
    if (!body || describeScreen().key === window[${JSON.stringify(SEEN_PROPERTY)}]) return [];
    return [body];
  },
})`;

type AxeWindow = { axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };

async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) {
    await page.evaluate(AXE_SOURCE);
  }
  return page.evaluate((options) => (window as AxeWindow).axe!.run(document, options), AXE_OPTIONS);
}

const isOurs = (url: string) => {
  const { protocol, port } = new URL(url);
  return protocol === 'http:' && OUR_PORTS.has(Number(port));
};

/** Tells the engine the checks are done with this screen in this document. */
async function markSeen(page: Page, key: string) {
  await page.evaluate(
    ([property, value]) => {
      (window as unknown as Record<string, string>)[property] = value;
    },
    [SEEN_PROPERTY, key] as const,
  );
}

/** Screens this worker has scanned, across its tests. */
const scanned = new Set<string>();

class PageChecks {
  private readonly findings = new Map<string, Finding>();
  private readonly cspViolations = new Map<string, CspViolation>();
  private readonly attempts = new Map<string, number>();
  private scans = 0;
  private scanMs = 0;

  constructor(private readonly info: TestInfo) {}

  /** Scans the page's current screen unless this worker has scanned that screen already. */
  async scan(page: Page): Promise<void> {
    if (page.isClosed() || !isOurs(page.url())) return;
    let started = 0;
    try {
      const screen = await page.evaluate(describeScreen);
      const tries = this.attempts.get(screen.key) ?? 0;
      if (!screen.ready) return;
      if (scanned.has(screen.key) || tries >= SCAN_ATTEMPTS)
        return await markSeen(page, screen.key);
      started = Date.now();
      await page.waitForTimeout(STILL_MS);
      const still = await page.evaluate(describeScreen);
      if (still.key !== screen.key || !still.ready) return;
      this.attempts.set(screen.key, tries + 1);
      this.scans += 1;
      await page.evaluate(settle, SETTLE_MS);
      const results = await runAxe(page);
      scanned.add(screen.key);
      this.record(screen.key, results);
      await markSeen(page, screen.key);
    } catch {
      // The page navigated or reloaded under the scan: the screen is tried again when next seen.
    } finally {
      if (started) {
        // The test's own time limit is for the app: the scans get theirs on top.
        const spent = Date.now() - started;
        this.scanMs += spent;
        if (this.info.timeout > 0) this.info.setTimeout(this.info.timeout + spent);
      }
    }
  }

  /**
   * Waits until the page's screen is scanned, now or earlier by this worker: for journeys whose
   * point is that a screen is checked, where one that never holds still or stays busy would
   * otherwise pass unchecked.
   */
  async expectScanned(page: Page): Promise<void> {
    await expect
      .poll(
        async () => {
          await this.scan(page);
          const { key } = await page.evaluate(describeScreen);
          return scanned.has(key) || key;
        },
        { message: 'the screen was scanned for accessibility' },
      )
      .toBe(true);
  }

  private record(screen: string, results: AxeResults) {
    for (const violation of results.violations) {
      if (!FAILING_IMPACTS.has(violation.impact ?? '')) continue;
      this.findings.set(`${screen} ${violation.id}`, {
        screen,
        rule: violation.id,
        impact: violation.impact ?? '',
        help: `${violation.help} (${violation.helpUrl})`,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      });
    }
  }

  recordCsp(page: string, report: string) {
    this.cspViolations.set(`${page} ${report}`, { page, report });
  }

  /** Every finding so far in one message a person can act on (null: none), and forgets them. */
  takeReport(): string | null {
    const lines: string[] = [];
    if (this.findings.size) {
      lines.push(`${this.findings.size} serious or critical accessibility violation(s):`);
      for (const f of this.findings.values()) {
        lines.push(`- [${f.impact}] ${f.rule} on "${f.screen}": ${f.help}`);
        for (const target of f.targets.slice(0, 5)) lines.push(`    ${target}`);
        if (f.targets.length > 5) lines.push(`    … and ${f.targets.length - 5} more`);
      }
    }
    if (this.cspViolations.size) {
      lines.push(`${this.cspViolations.size} Content-Security-Policy violation(s):`);
      for (const v of this.cspViolations.values()) lines.push(`- ${v.page}: ${v.report}`);
    }
    this.findings.clear();
    this.cspViolations.clear();
    return lines.length ? lines.join('\n') : null;
  }

  /** What the checks cost (read from the JSON report) and, when found, the findings as JSON. */
  async attach() {
    const { info } = this;
    info.annotations.push({
      type: 'page-checks',
      description: `${this.scans} axe scans, ${(this.scanMs / 1000).toFixed(1)} s`,
    });
    if (this.findings.size || this.cspViolations.size) {
      await info.attach('page-checks.json', {
        contentType: 'application/json',
        body: JSON.stringify(
          { accessibility: [...this.findings.values()], csp: [...this.cspViolations.values()] },
          null,
          2,
        ),
      });
    }
  }
}

export const test = base.extend<
  { pageChecks: PageChecks },
  {
    newScreenEngine: undefined;
    endlessAnimationsHeld: undefined;
    /** The journeys' player asks for less transparency; a file may say otherwise (a worker of
     * its own). */
    transparency: Transparency;
    transparencyEmulated: undefined;
  }
>({
  transparency: ['reduce', { scope: 'worker', option: true }],
  transparencyEmulated: [
    async ({ browser, transparency }, use) => {
      emulateTransparencyInEveryContext(browser, transparency);
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  endlessAnimationsHeld: [
    async ({ browser }, use) => {
      holdEndlessAnimationsInEveryContext(browser);
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  newScreenEngine: [
    async ({ playwright }, use) => {
      await playwright.selectors.register(NEW_SCREEN_ENGINE, { content: newScreenEngine });
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  pageChecks: [
    async ({ context }, use, info) => {
      const checks = new PageChecks(info);

      // Chromium logs each violation (and each policy it cannot apply) to the console and fires
      // securitypolicyviolation at the document: either one is a finding.
      const onConsole = (message: ConsoleMessage) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) {
          checks.recordCsp(message.page()?.url() ?? '(worker)', message.text());
        }
      };
      context.on('console', onConsole);
      await context.exposeBinding(CSP_BINDING, ({ page }, report: string) => {
        checks.recordCsp(page.url(), report);
      });
      await context.addInitScript((binding) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const where = `${event.sourceFile || 'the page'}:${event.lineNumber}`;
            const report = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${where}`;
            (window as unknown as Record<string, (report: string) => void>)[binding]?.(report);
          },
          true,
        );
      }, CSP_BINDING);

      // Asked before every action and auto-waiting assertion; runs when the screen is new.
      const watch = (page: Page) =>
        page.addLocatorHandler(page.locator(`${NEW_SCREEN_ENGINE}=new`), () => checks.scan(page), {
          noWaitAfter: true,
        });
      context.on('page', (page) => void watch(page).catch(() => undefined));

      await use(checks);

      // The screens the test ends on, which nothing acted on.
      for (const page of context.pages()) await checks.scan(page);
      context.off('console', onConsole);
      await checks.attach();
      const problems = checks.takeReport();
      if (problems) throw new Error(problems);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
