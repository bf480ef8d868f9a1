import { describe, expect, it } from 'vitest';
import { BOOT_SCREENS, bootScreenOf, splitTemplate } from './page-head.js';

describe('bootScreenOf', () => {
  it.each([
    ['/', 'feed'],
    ['/For_You', 'feed'],
    ['/for_you/', 'feed'],
    ['/drama/12', 'story'],
    ['/DRAMA/12/', 'story'],
    ['/drama/abc', 'story'],
    ['/drama', 'drama'],
    ['/drama/', 'drama'],
    ['/drama/12/more', 'page'],
    ['/profile', 'profile'],
    ['/profile/me', 'profile'],
    ['/profile/u_42', 'profile'],
    ['/profiles', 'page'],
    ['/browse', 'page'],
    ['/payment/callback', 'page'],
    ['/nowhere', 'page'],
  ] as const)('%s draws the %s skeleton', (path, screen) => {
    expect(bootScreenOf(path)).toBe(screen);
  });
});

describe('splitTemplate', () => {
  const template = [
    '<!doctype html><html lang="en"><head>',
    '<meta name="description" content="build" />',
    '<title>Build</title><style>.boot{}</style></head><body>',
    '<div id="root"></div><div class="boot" data-boot-screen="page" aria-busy="true">',
    '<p data-boot-screen-note="x">data-boot-screen="page"</p></div></body></html>',
  ].join('\n');
  const render = splitTemplate(template);

  it('writes the head tags, the language and the screen', () => {
    const html = render('<title>Ours</title>', 'zh_CN', 'story');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<title>Ours</title>');
    expect(html).not.toContain('Build');
    expect(html).not.toContain('content="build"');
    expect(html).toContain('<div class="boot" data-boot-screen="story" aria-busy="true">');
    // Only the skeleton's attribute: the same words elsewhere stay as they are.
    expect(html).toContain('<p data-boot-screen-note="x">data-boot-screen="page"</p>');
  });

  it('draws the generic skeleton unless told, and every screen it is told', () => {
    expect(render('', 'en_US')).toContain('data-boot-screen="page"');
    for (const screen of BOOT_SCREENS) {
      expect(render('', 'ja_JP', screen)).toContain(`class="boot" data-boot-screen="${screen}"`);
    }
  });

  it('leaves a template without a skeleton as it is', () => {
    const bare = splitTemplate('<html lang="en"><head><title>x</title></head><body></body></html>');
    expect(bare('<title>y</title>', 'ja_JP', 'feed')).toBe(
      '<html lang="ja-JP"><head><title>y</title></head><body></body></html>',
    );
  });
});
