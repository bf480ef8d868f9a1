// Playing the demo stories the way a player does: tap through the lines, pick choices.

import { expect, type Page } from '@playwright/test';
import { expectUncovered } from './layout';

/** Taps through the dialogue until the player has something to do. */
export async function readUntilAction(page: Page) {
  const action = page.locator(
    '.choices, [data-testid=puzzle], [data-testid=dice], [data-testid=word], .conversation, [data-testid=chapter-end]',
  );
  for (let i = 0; i < 60; i++) {
    if (await action.first().isVisible()) return;
    await page.getByTestId('dialogue').click();
  }
  throw new Error('the story never asked the player for anything');
}

export async function choose(page: Page, text: string | RegExp) {
  await readUntilAction(page);
  await page.locator('.choices').getByRole('button', { name: text }).click();
}

/** The Lantern Ledger's pier-note puzzle: pieces in the order the note reads. */
export async function solveLanternPuzzle(page: Page) {
  await readUntilAction(page);
  const puzzle = page.getByTestId('puzzle');
  for (const piece of [
    'Meet me when',
    'the bell strikes two,',
    'under the crane',
    'at pier three.',
  ]) {
    await puzzle.getByRole('button', { name: piece, exact: true }).click();
  }
  await puzzle.getByRole('button', { name: 'Check order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You won!' })).toBeVisible();
}

/** The Lantern Ledger, chapter one, from its first line to its end (English). */
export async function playLanternChapterOne(page: Page) {
  await expect(page.getByTestId('dialogue')).toContainText('Rain drums');
  await choose(page, /Tell the truth/);
  await choose(page, /Offer Moss your supper roll/);
  await choose(page, /Try the brass key/);
  await solveLanternPuzzle(page);
  await readUntilAction(page);
  await page.getByRole('button', { name: 'Continue the story' }).click();
  await readUntilAction(page);
  await expect(page.getByTestId('chapter-end')).toBeVisible();
}

/** The like/comment/share rail covers nothing the player reads or taps below the stage's middle:
 * the dialogue, choices, a mini-game, a conversation or the chapter's end. */
export async function expectRailClear(page: Page, when: string) {
  const rail = page.getByTestId('work-social');
  const parts = page.locator('.play__bottom > *');
  for (let i = 0; i < (await parts.count()); i++) {
    const part = parts.nth(i);
    if (!(await part.isVisible())) continue;
    const name = await part.evaluate((el) => el.className || el.tagName);
    await expectUncovered(part, rail, `${when}: ${name}`);
  }
}
