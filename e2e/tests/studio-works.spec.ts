import { expect, test } from '../support/device';
import { expectNoSidewaysOverflow, PICTURE } from '../support/layout';
import { newAccount, openStudio, signInToStudio } from '../support/studio';

// The creator's list of works: a title is asked for, a double click makes one work, a draft's
// drawn cover, and deleting a work behind a confirmation that holds the focus and that Escape
// cancels.

async function createWork(
  page: import('@playwright/test').Page,
  title: string,
  type: string,
  { double = false } = {},
) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Script type').selectOption(type);
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await (double ? create.dblclick() : create.click());
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Your works' }).click();
}

test('drafts show a drawn cover; a creator deletes a work after confirming, and Escape cancels', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/For_You');
  const creator = await newAccount(page, 'Tidy Writer');
  await openStudio(page);
  await signInToStudio(page, creator);
  // A title of spaces is no title: said in words, at the field, and nothing is made.
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('   ');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Give the work a title.');
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await createWork(page, 'Keep Me', 'SUSPENSE');
  await createWork(page, 'Throw Away', 'ROMANCE', { double: true });
  const list = page.getByRole('list', { name: 'Your works' });
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // A work's analytics fit the window, its period picker too (it once made the page 2,033 px).
  await list.getByRole('link', { name: /Keep Me/ }).click();
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeAttached();
  await expectNoSidewaysOverflow(page, 'studio analytics at 1280 px', true);
  await page.screenshot({ path: 'test-results/studio-analytics-1280.jpg', ...PICTURE });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysOverflow(page, 'studio analytics at 390 px', true);
  await page.screenshot({ path: 'test-results/studio-analytics-390.jpg', ...PICTURE });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Your works' }).click();
  // Drafts never published and without an upload show a cover drawn from title and script type.
  await expect(list.getByTestId('generated-cover')).toHaveCount(2);
  await expect(list.locator('img')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/studio-works-1280.jpg', fullPage: true, ...PICTURE });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/studio-works-390.jpg', fullPage: true, ...PICTURE });

  await list.getByRole('link', { name: /Throw Away/ }).click();
  const open = page.getByRole('button', { name: 'Delete work…' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Throw Away”?' });
  await expect(dialog).toBeVisible();
  // The safe choice has the focus, and Tab stays inside the dialog.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete for good' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Throw Away', level: 1 })).toBeVisible();

  await open.click();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('heading', { name: 'Your works', level: 1 })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Keep Me');
  await expect(list).not.toContainText('Throw Away');
  // Gone on the server too, not only from this page.
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});
