import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import en from '../shared/i18n/locales/en_US.json';
import enScreens from '../shared/i18n/locales/en_US.screens.json';
import ja from '../shared/i18n/locales/ja_JP.json';
import jaScreens from '../shared/i18n/locales/ja_JP.screens.json';
import zh from '../shared/i18n/locales/zh_CN.json';
import zhScreens from '../shared/i18n/locales/zh_CN.screens.json';
import { removeFirstPaintWhenShown } from './first-paint';
import { routes } from './routes';

// The page's own first paint (index.html): the shell and a skeleton drawn by inline CSS before any
// script runs. It copies the app's look and texts by hand, so this checks the copy. The start-up
// journey (e2e/tests/start-up.spec.ts) checks that its boxes are where the app's skeleton draws
// them, and that it goes once the app shows.

// Read from disk: Vitest hands a test an empty string for any CSS import, `?raw` too.
const themeCss = readFileSync(
  createRequire(import.meta.dirname).resolve('@taleforge/browser/theme.css'),
  'utf8',
);
const style = /<style>([\s\S]*?)<\/style>/.exec(indexHtml)![1]!;
const page = new DOMParser().parseFromString(indexHtml, 'text/html');
const boot = page.querySelector<HTMLElement>('.boot')!;

/** The custom properties of the rule for exactly `selector` (first on its line), whitespace folded. */
function properties(css: string, selector: string): Map<string, string> {
  const at = css.search(new RegExp(`^\\s*${selector.replace(/[.()]/g, '\\$&')} \\{`, 'm'));
  expect(at, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(at, css.indexOf('}', at));
  return new Map(
    [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.replace(/\s+/g, ' ')]),
  );
}

const LOCALES = [
  { lang: 'en', core: en, screens: enScreens, name: en.language.en_US },
  { lang: 'zh-CN', core: zh, screens: zhScreens, name: zh.language.zh_CN },
  { lang: 'ja', core: ja, screens: jaScreens, name: ja.language.ja_JP },
] as const;

/** The texts one `.boot-t` holds, by language. */
const textsOf = (element: Element) =>
  Object.fromEntries(
    [...element.children].map((child) => [child.getAttribute('lang'), child.textContent]),
  );

describe('the first paint (index.html)', () => {
  it('draws with the theme’s colours, radii and fonts', () => {
    const theme = properties(themeCss, ':root');
    const copied = properties(style, '.boot');
    expect(copied.size).toBeGreaterThan(10);
    for (const [name, value] of copied) expect(value, name).toBe(theme.get(name));
    const themeJa = properties(themeCss, 'html:lang(ja)');
    for (const [name, value] of properties(style, 'html:lang(ja) .boot')) {
      expect(value, name).toBe(themeJa.get(name));
    }
  });

  it('says what the app says, in each language', () => {
    const links = [...boot.querySelectorAll('.boot__link .boot-t')].map(textsOf);
    const status = textsOf(boot.querySelector('[role=status]')!);
    const language = textsOf(boot.querySelector('.boot__lang .boot-t')!);
    for (const { lang, core, screens, name } of LOCALES) {
      expect(links.map((texts) => texts[lang])).toEqual([
        core.nav.forYou,
        core.nav.drama,
        core.nav.profile,
        core.create.label,
      ]);
      expect(status[lang]).toBe(screens.profile.loading);
      expect(language[lang]).toBe(name);
    }
  });

  it('is busy, and shows assistive technology only its "Loading" status', () => {
    expect(boot.getAttribute('aria-busy')).toBe('true');
    const exposed = [...boot.children].filter(
      (child) => child.getAttribute('aria-hidden') !== 'true',
    );
    expect(exposed.map((child) => child.getAttribute('role'))).toEqual(['status']);
    // Nothing in it can take focus, and no landmark or heading competes with the app's.
    expect(
      boot.querySelector('a, button, input, select, [tabindex], header, nav, main, h1, h2'),
    ).toBeNull();
  });

  it('goes as soon as the app renders into #root, which comes before it', () => {
    expect(style).toContain('#root:not(:empty) ~ .boot { display: none; }');
    const root = page.getElementById('root')!;
    expect(root.childNodes).toHaveLength(0);
    expect(root.compareDocumentPosition(boot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('draws every screen the server may name, and the generic one by default', () => {
    // The server's list: apps/server/src/platform/http/page-head.ts (BOOT_SCREENS).
    expect(boot.dataset.bootScreen).toBe('page');
    for (const screen of ['feed', 'story', 'drama', 'profile', 'page']) {
      expect(style, screen).toContain(`[data-boot-screen="${screen}"] .boot__`);
    }
  });

  it('has no inline style attribute (the Content-Security-Policy allows only the <style> by hash)', () => {
    expect(page.querySelector('[style]')).toBeNull();
    expect(indexHtml.match(/<style>/g)).toHaveLength(1);
  });

  it('stays in view while the router loads the first screen: the router draws nothing before it', () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/For_You'] });
    const { container } = render(<RouterProvider router={router} />);
    expect(router.state.initialized).toBe(false);
    expect(container.innerHTML).toBe('');
  });
});

describe('removeFirstPaintWhenShown', () => {
  it('takes the skeleton out once the app has put something in its container', async () => {
    document.body.innerHTML = '<div id="root"></div><div class="boot"></div>';
    const root = document.getElementById('root')!;
    removeFirstPaintWhenShown(root);
    await Promise.resolve();
    expect(document.querySelector('.boot')).not.toBeNull();
    root.append(document.createElement('div'));
    await vi.waitFor(() => expect(document.querySelector('.boot')).toBeNull());
    document.body.innerHTML = '';
  });
});
