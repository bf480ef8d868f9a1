// The story's voice, resuming where the player read to, and no dead ends: each journey in English
// at 1280 px and in Chinese or Japanese at 390 px, with screenshots in test-results/.

import type { Locale } from '@taleforge/contracts';
import { switchLanguage, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { openGameFromHome } from '../support/home';
import { PICTURE } from '../support/layout';
import { choose, readUntilAction } from '../support/story';

// Playing through to a mini-game takes a while on a busy machine (each new screen is also checked).
test.describe.configure({ timeout: 90_000 });

const TITLE = {
  cafe: { en_US: 'Second Chance Café', zh_CN: '再来一杯咖啡馆', ja_JP: 'セカンドチャンス・カフェ' },
  ember: { en_US: 'Ember Academy', zh_CN: '余烬学院', ja_JP: 'エンバー魔法学院' },
} as const;

/** Opens a demo game from the home page as a new visitor, in `locale`, at `width` px. */
async function openGame(page: Page, game: keyof typeof TITLE, locale: Locale, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await page.goto('/For_You');
  await waitForMount(page);
  if (locale !== 'en_US') await switchLanguage(page, locale);
  await openGameFromHome(page, new RegExp(TITLE[game][locale]));
  await expect(page).toHaveURL(/\/drama\/\d+$/);
}

const dialogue = (page: Page) => page.getByTestId('dialogue');

/**
 * Taps on until the dialogue shows `text`, one step a tap: after each tap it waits for the line
 * to change (typed out in full, or the next one), so a quick second tap never skips the line.
 */
async function readTo(page: Page, text: string) {
  const shown = dialogue(page).locator('.dialogue__text');
  for (let i = 0; i < 20; i++) {
    const before = (await shown.textContent()) ?? '';
    if (before.includes(text)) {
      // Typed out in full.
      await expect(shown).toContainText(text);
      return;
    }
    await dialogue(page).click();
    await expect(shown).not.toHaveText(before);
  }
  throw new Error(`never reached "${text}"`);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/story-voice/${name}.jpg`, fullPage: true, ...PICTURE });

const VOICE = {
  en_US: {
    narration: 'The bell over the door jingles.',
    spoken: 'I brought croissants.',
    name: 'Mina',
  },
  zh_CN: { narration: '门上的铃铛响了。', spoken: '我带了可颂。', name: '米娜' },
} as const;

for (const [locale, width] of [
  ['en_US', 1280],
  ['zh_CN', 390],
] as const) {
  test(`narration reads as narration, a character's line carries their name (${locale}, ${width} px)`, async ({
    page,
  }) => {
    const voice = VOICE[locale];
    await openGame(page, 'cafe', locale, width);
    await readTo(page, voice.narration);
    // Mina is on stage, but the line describing her is not hers: no name, narration's style.
    await expect(dialogue(page)).toHaveClass(/dialogue--narration/);
    await expect(dialogue(page).locator('.dialogue__speaker')).toHaveCount(0);
    await expect(dialogue(page)).toHaveAccessibleName(new RegExp(`^${voice.narration}`));
    await expect(page.getByRole('img', { name: voice.name })).toBeVisible();
    await shot(page, `narration-${locale}-${width}`);

    await readTo(page, voice.spoken);
    await expect(dialogue(page)).not.toHaveClass(/dialogue--narration/);
    await expect(dialogue(page).locator('.dialogue__speaker')).toHaveText(voice.name);
    await expect(dialogue(page)).toHaveAccessibleName(
      new RegExp(`^${voice.name}: ${voice.spoken}`),
    );
    await shot(page, `spoken-${locale}-${width}`);
  });
}

const RESUME = {
  en_US: { first: 'The café smells of dust', third: 'The bell over the door jingles.' },
  ja_JP: { first: 'カフェは埃と古いコーヒーの匂いがする。', third: '扉の鈴が鳴る。' },
} as const;

for (const [locale, width] of [
  ['en_US', 1280],
  ['ja_JP', 390],
] as const) {
  test(`a reload mid-passage resumes at the last line seen, not at the last choice (${locale}, ${width} px)`, async ({
    page,
  }) => {
    const lines = RESUME[locale];
    const reported: number[] = [];
    page.on('requestfinished', async (request) => {
      if (!new URL(request.url()).pathname.endsWith('/h5/game/event/seen')) return;
      const reply = await request.response();
      if (reply?.ok()) reported.push(JSON.parse(request.postData() ?? '{}').line);
    });
    await openGame(page, 'cafe', locale, width);
    await expect(dialogue(page)).toContainText(lines.first);
    await readTo(page, lines.third);
    // The save has heard of the third line (index 2) before the page goes away.
    await expect.poll(() => reported).toContain(2);

    await page.reload();
    await expect(dialogue(page).locator('.dialogue__text')).toContainText(lines.third);
    await expect(dialogue(page)).not.toContainText(lines.first);
    await shot(page, `resumed-${locale}-${width}`);
    // The passage goes on from there to its choice.
    await readUntilAction(page);
    await expect(page.locator('.choices').getByRole('button')).toHaveCount(2);
  });
}

const RETRY = {
  en_US: {
    title: 'The story could not be opened just now.',
    retry: 'Try again',
    first: 'A hundred candles',
  },
  ja_JP: {
    title: '今は物語を開けませんでした。',
    retry: 'もう一度試す',
    first: '百本のろうそく',
  },
} as const;

for (const [locale, width] of [
  ['en_US', 1280],
  ['ja_JP', 390],
] as const) {
  test(`the story error page tries again from the keyboard (${locale}, ${width} px)`, async ({
    page,
  }) => {
    const text = RETRY[locale];
    let failures = 1;
    // The network drops the first story step: the page must not be a dead end.
    await page.route(
      (url) => url.pathname.endsWith('/h5/game/event'),
      (route) => (failures-- > 0 ? route.abort('internetdisconnected') : route.continue()),
    );
    await openGame(page, 'ember', locale, width);
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
    const retry = page.getByRole('button', { name: text.retry });
    await expect(retry).toBeFocused();
    await shot(page, `error-${locale}-${width}`);

    await page.keyboard.press('Enter');
    await expect(dialogue(page)).toContainText(text.first);
    await expect(page.getByRole('heading', { name: text.title })).toHaveCount(0);
  });
}

const WORD = {
  en_US: {
    choices: [/Bow and promise to try/, /Offer it a candle stub/],
    wrong: 'ASHES',
    miss: '“ASHES” is not the word. 2 guesses left.',
    answer: 'EMBER',
    won: 'You won!',
    guess: 'Guess',
    field: 'Your answer',
  },
  zh_CN: {
    choices: [/鞠躬，承诺会努力/, /递给它一截蜡烛头/],
    wrong: '灰烬',
    miss: '“灰烬”不对。还剩 2 次机会。',
    answer: '余烬',
    won: '你赢了！',
    guess: '猜',
    field: '你的答案',
  },
} as const;

for (const [locale, width] of [
  ['en_US', 1280],
  ['zh_CN', 390],
] as const) {
  test(`a wrong word-game guess says so, with the guesses left (${locale}, ${width} px)`, async ({
    page,
  }) => {
    const text = WORD[locale];
    await openGame(page, 'ember', locale, width);
    for (const choice of text.choices) await choose(page, choice);
    await readUntilAction(page);
    const word = page.getByTestId('word');
    await word.getByLabel(text.field).fill(text.wrong);
    await word.getByRole('button', { name: text.guess, exact: true }).click();
    await expect(word.getByRole('alert')).toHaveText(text.miss);
    await word.getByRole('alert').scrollIntoViewIfNeeded();
    await shot(page, `word-miss-${locale}-${width}`);

    await word.getByLabel(text.field).fill(text.answer);
    await word.getByRole('button', { name: text.guess, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: text.won })).toBeVisible();
  });
}
