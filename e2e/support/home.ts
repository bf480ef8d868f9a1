import type { Page } from '@playwright/test';

/**
 * Opens a game from the home page wherever the home shows it: the home shows each game once
 * (docs/decisions/0033), in the hero or on one shelf, and which depends on what was played.
 */
export async function openGameFromHome(page: Page, title: RegExp) {
  const onShelf = page.locator('[data-section]').getByRole('link', { name: title });
  const inHero = page
    .locator('section.hero')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) })
    .getByRole('link');
  await onShelf.or(inHero).first().click();
}
