import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, profiles } from '../src/platform/db/schema/index.js';
import { inlineHash, inlineStylesOf } from '../src/platform/http/security-headers.js';
import { tempDir } from './support/database.js';
import { buildGame, buildUser } from './support/factories.js';
import { one, type ParsedHead, parseHead } from './support/html-head.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';

// A shared link previews without JavaScript: the SPA's HTML for a work or a profile carries its
// Open Graph and Twitter card tags, read here as a link unfurler reads them (plain HTTP, an HTML
// parser, no script run).

const PUBLIC_URL = 'https://play.example.com';
const SITE_TEXT = 'Taleforge — branching story games, AI characters and drama episodes.';
let server: TestServer;
let origin: string;
let template: string;

beforeAll(async () => {
  const web = await tempDir('tf-web-');
  // The web app's own template, so the cut around its title and description is the real one.
  const source = path.join(import.meta.dirname, '../../web/index.html');
  await copyFile(source, path.join(web, 'index.html'));
  template = await readFile(source, 'utf8');
  server = await startTestServer({ WEB_DIST: web, PUBLIC_URL });
  origin = new URL(server.url('/')).origin;
});
afterAll(() => server.close());

async function page(route: string, headers: Record<string, string> = {}) {
  // A different Host header than PUBLIC_URL: addresses must come from PUBLIC_URL.
  const res = await fetch(`${origin}${route}`, { headers });
  expect(res.status, route).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  const html = await res.text();
  return { html, head: parseHead(html), csp: res.headers.get('content-security-policy') };
}

function expectSiteTags(head: ParsedHead, description = SITE_TEXT) {
  expect(head.titles).toEqual(['Taleforge']);
  expect(one(head, 'description')).toBe(description);
  expect(one(head, 'og:title')).toBe('Taleforge');
  expect(one(head, 'og:site_name')).toBe('Taleforge');
  expect(one(head, 'og:type')).toBe('website');
  expect(one(head, 'twitter:card')).toBe('summary');
  expect(head.meta.has('og:url')).toBe(false);
  expect(head.meta.has('og:image')).toBe(false);
  expect(head.canonical).toEqual([]);
}

describe('a work’s link preview', () => {
  it('names the published work with its description, cover and canonical address on PUBLIC_URL', async () => {
    const game = await buildGame(server.database.db, {
      title: { en_US: 'The Lighthouse', zh_CN: '灯塔', ja_JP: '灯台' },
      description: {
        en_US: 'A keeper vanishes.',
        zh_CN: '守塔人失踪了。',
        ja_JP: '灯台守が消えた。',
      },
      cover: '/taleforge/art/cover/7.svg',
    });
    const { html, head } = await page(`/drama/${game.id}?utm_source=chat`);
    expect(head.titles).toEqual(['The Lighthouse · Taleforge']);
    expect(one(head, 'description')).toBe('A keeper vanishes.');
    expect(one(head, 'og:title')).toBe('The Lighthouse');
    expect(one(head, 'og:description')).toBe('A keeper vanishes.');
    expect(one(head, 'og:url')).toBe(`${PUBLIC_URL}/drama/${game.id}`);
    expect(head.canonical).toEqual([`${PUBLIC_URL}/drama/${game.id}`]);
    // Sites that unfurl links show no SVG: a generated cover is named as its PNG.
    expect(one(head, 'og:image')).toBe(`${PUBLIC_URL}/taleforge/art/cover/7.png`);
    expect(one(head, 'twitter:image')).toBe(`${PUBLIC_URL}/taleforge/art/cover/7.png`);
    expect(one(head, 'og:type')).toBe('website');
    expect(one(head, 'og:site_name')).toBe('Taleforge');
    expect(one(head, 'og:locale')).toBe('en_US');
    expect(one(head, 'twitter:card')).toBe('summary_large_image');
    expect(one(head, 'twitter:title')).toBe('The Lighthouse');
    // Still the app: the runtime config, the boot splash and the module script are all there.
    expect(html).toContain('<script id="taleforge-config" type="application/json">');
    expect(head.elements('script').some((s) => s.attrs.some((a) => a.value === 'module'))).toBe(
      true,
    );
    expect(head.htmlLang).toBe('en-US');
  });

  it('previews a series like any work, at the same address', async () => {
    const series = await buildGame(server.database.db, {
      kind: 'series',
      title: { en_US: 'Rooftop Vows', zh_CN: '天台誓约', ja_JP: '屋上の誓い' },
      description: {
        en_US: 'A drama in minutes.',
        zh_CN: '几分钟的短剧。',
        ja_JP: '数分のドラマ。',
      },
    });
    const { head } = await page(`/drama/${series.id}?lang=zh_CN`);
    expect(one(head, 'og:title')).toBe('天台誓约');
    expect(one(head, 'og:description')).toBe('几分钟的短剧。');
    expect(one(head, 'og:url')).toBe(`${PUBLIC_URL}/drama/${series.id}`);
  });

  it('names a cover picture the server really serves as PNG; an uploaded cover as it is', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const image = one((await page(`/drama/${gameId}`)).head, 'og:image');
    expect(image).toBe(`${PUBLIC_URL}/taleforge/art/cover/${gameId}.png`);
    const res = await fetch(`${origin}${new URL(image).pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 800, height: 500 });
    expect((await fetch(`${origin}/taleforge/art/cover/999999.png`)).status).toBe(404);

    const uploaded = await buildGame(server.database.db, { cover: '/taleforge/media/c0ffee.webp' });
    expect(one((await page(`/drama/${uploaded.id}`)).head, 'og:image')).toBe(
      `${PUBLIC_URL}/taleforge/media/c0ffee.webp`,
    );
  });

  it('speaks the language of `lang`, else of Accept-Language, else English', async () => {
    const game = await buildGame(server.database.db, {
      title: { en_US: 'Night Train', zh_CN: '夜行列车', ja_JP: '夜行列車' },
      description: { en_US: 'All aboard.', zh_CN: '请上车。', ja_JP: 'ご乗車ください。' },
    });
    const ja = await page(`/drama/${game.id}?lang=ja_JP`, { 'accept-language': 'zh-CN' });
    expect(ja.head.titles).toEqual(['夜行列車 · Taleforge']);
    expect(one(ja.head, 'og:description')).toBe('ご乗車ください。');
    expect(one(ja.head, 'og:locale')).toBe('ja_JP');
    expect(ja.head.htmlLang).toBe('ja-JP');
    const zh = await page(`/drama/${game.id}`, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(one(zh.head, 'og:title')).toBe('夜行列车');
    expect(zh.head.htmlLang).toBe('zh-CN');
    const en = await page(`/drama/${game.id}?lang=fr_FR`, { 'accept-language': 'de' });
    expect(one(en.head, 'og:title')).toBe('Night Train');
    // The same address answers differently by language: caches must keep them apart.
    expect((await fetch(`${origin}/drama/${game.id}`)).headers.get('vary')).toContain(
      'accept-language',
    );
  });

  it('writes a hostile title as text: quotes and <script> cannot leave the attribute or the title', async () => {
    const hostile = 'Say "hi" & \'bye\' </title><script>alert(1)</script>';
    const game = await buildGame(server.database.db, {
      title: { en_US: hostile, zh_CN: hostile, ja_JP: hostile },
      description: { en_US: '"><img src=x onerror=alert(2)>', zh_CN: 'x', ja_JP: 'x' },
    });
    const { html, head } = await page(`/drama/${game.id}`);
    expect(one(head, 'og:title')).toBe(hostile);
    expect(head.titles).toEqual([`${hostile} · Taleforge`]);
    expect(one(head, 'og:description')).toBe('"><img src=x onerror=alert(2)>');
    expect(head.elements('img')).toEqual([]);
    // Only the app's own two scripts: the config (JSON) and the module.
    expect(head.elements('script')).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('keeps the long description to one preview’s worth, cut at a character', async () => {
    const long = '物語'.repeat(150);
    const game = await buildGame(server.database.db, {
      description: { en_US: long, zh_CN: long, ja_JP: long },
    });
    const description = one((await page(`/drama/${game.id}`)).head, 'og:description');
    expect([...description]).toHaveLength(200);
    expect(description.endsWith('物…')).toBe(true);
  });

  it('shows the site’s own tags for an unknown, unpublished or malformed work, still with the app', async () => {
    const draft = await buildGame(server.database.db, { publishedAt: null });
    for (const route of [`/drama/${draft.id}`, '/drama/999999999', '/drama/0', '/drama/abc']) {
      const { html, head } = await page(route);
      expectSiteTags(head);
      expect(html, route).toContain('taleforge-config');
    }
  });
});

describe('a profile’s link preview', () => {
  it('shows the player’s name, large avatar and a line about them as a summary card', async () => {
    const user = await buildUser(server.database.db, {
      nickName: 'Mira',
      avatar: '/taleforge/media/abc123.webp',
    });
    const { head } = await page(`/profile/${user.publicId}?lang=zh_CN`);
    expect(head.titles).toEqual(['Mira · Taleforge']);
    expect(one(head, 'og:title')).toBe('Mira');
    expect(one(head, 'og:description')).toBe('Mira 在 Taleforge 的作品、游玩与喜欢。');
    expect(one(head, 'og:type')).toBe('profile');
    expect(one(head, 'og:url')).toBe(`${PUBLIC_URL}/profile/${user.publicId}`);
    expect(one(head, 'og:image')).toBe(`${PUBLIC_URL}/taleforge/media/abc123.webp`);
    expect(one(head, 'twitter:card')).toBe('summary');
  });

  it('describes the player by their bio when they wrote one', async () => {
    const user = await buildUser(server.database.db, { nickName: 'Ode' });
    await server.database.db
      .insert(profiles)
      .values({ userId: user.id, bio: 'I write "ghost" stories.' });
    const { head } = await page(`/profile/${user.publicId}`);
    expect(one(head, 'description')).toBe('I write "ghost" stories.');
    expect(one(head, 'twitter:description')).toBe('I write "ghost" stories.');
    expect(head.meta.has('og:image')).toBe(false);
  });

  it('keeps an avatar from a sign-in provider at its own address', async () => {
    const avatar = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    const user = await buildUser(server.database.db, { nickName: 'Kai', avatar });
    const { head } = await page(`/profile/${user.publicId}?lang=ja_JP`);
    expect(one(head, 'og:image')).toBe(avatar);
    expect(one(head, 'og:description')).toBe('Taleforge でのKaiさんの作品・プレイ・お気に入り。');
  });

  it('shows the site’s own tags for an unknown id, a visitor account and /profile/me', async () => {
    const visitor = await buildUser(server.database.db, {
      oauthEnum: 'DF_ID',
      email: null,
      nickName: 'Visitor 1',
    });
    for (const route of [`/profile/${visitor.publicId}`, '/profile/nobody_here', '/profile/me']) {
      expectSiteTags((await page(route)).head);
    }
    expectSiteTags(
      (await page('/profile/nobody_here?lang=ja_JP')).head,
      'Taleforge — 選択で物語が分かれるゲーム、AI キャラクター、ドラマエピソード。',
    );
  });
});

describe('the preview and the rest of the page', () => {
  it('is cached for the catalogue’s lifetime per route and language, then read again', async () => {
    const game = await buildGame(server.database.db);
    const route = `/drama/${game.id}`;
    const before = one((await page(route)).head, 'og:title');
    const renamed = { en_US: 'Renamed', zh_CN: '改名', ja_JP: '改名' };
    await server.database.db.update(games).set({ title: renamed }).where(eq(games.id, game.id));
    expect(one((await page(route)).head, 'og:title')).toBe(before);
    // Another language is its own entry: read now, already with the new title.
    expect(one((await page(`${route}?lang=zh_CN`)).head, 'og:title')).toBe('改名');
    server.clock.advance(server.config.CATALOGUE_CACHE_MS + 1);
    expect(one((await page(route)).head, 'og:title')).toBe('Renamed');
  });

  it('leaves the security policy as it is: the splash style still allowed by its hash, no inline script', async () => {
    const game = await buildGame(server.database.db);
    const preview = await page(`/drama/${game.id}`);
    const home = await page('/For_You');
    expect(preview.csp).toBe(home.csp);
    const [style] = inlineStylesOf(template);
    expect(inlineStylesOf(preview.html)).toEqual([style]);
    expect(preview.csp).toContain(inlineHash(style!));
    expect(preview.csp).not.toContain("'unsafe-inline'");
  });
});
