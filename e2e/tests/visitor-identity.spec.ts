import { CALLS } from '@taleforge/contracts';
import { inviteCode, mailedCode, newEmail } from '../support/accounts';
import { callPath } from '../support/api';
import { pathOf, RISK_DEVICE_PATH, STORAGE_KEYS, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { openGameFromHome } from '../support/home';
import { choose, readUntilAction } from '../support/story';
import { buyGems, heldVisitor, visitorLogin } from '../support/visitor';

// The visitor id names a browser; the secret beside it proves it. These journeys are the attacks
// and the accident that a fingerprint as identity allowed.

const dialog = (page: Page) => page.getByRole('dialog');
const banner = (page: Page) => page.getByRole('banner');

/** Runs the risk step again on the next load, as it does once its 180 s cache is over. */
async function reloadThroughRiskStep(page: Page) {
  await page.evaluate(() => localStorage.removeItem('is_visitor_at'));
  const device = page.waitForResponse(
    (response) => pathOf(response.request()) === RISK_DEVICE_PATH,
  );
  await page.reload();
  await device;
  await waitForMount(page);
}

async function openLanternLedger(page: Page) {
  await page.goto('/For_You');
  await waitForMount(page);
  await openGameFromHome(page, /The Lantern Ledger/);
  await expect(page.getByTestId('dialogue')).toBeVisible();
}

async function register(page: Page, email: string, nickname: string) {
  await banner(page).getByRole('button', { name: 'Sign in' }).click();
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await dialog(page)
    .getByLabel('Verification code')
    .fill(await mailedCode(email, 1));
  await dialog(page).getByRole('button', { name: 'Next step' }).click();
  await dialog(page).getByLabel('Password', { exact: true }).fill('lantern-pass');
  await dialog(page).getByLabel('Confirm password').fill('lantern-pass');
  await dialog(page).getByLabel('Nickname').fill(nickname);
  await dialog(page).getByLabel('Invite code').fill(inviteCode());
  const reloaded = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: 'Login' }).click();
  await reloaded;
  await expect(banner(page).getByRole('link', { name: 'Open my profile' })).toContainText(nickname);
}

test('a visitor who plays at 1280 px and registers at 390 px keeps their identity and their story', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLanternLedger(page);
  const gamePath = new URL(page.url()).pathname;
  const { dfId } = await heldVisitor(page);
  await choose(page, /Tell the truth/);
  await choose(page, /Offer Moss your supper roll/);
  await readUntilAction(page);
  await expect(
    page.locator('.choices').getByRole('button', { name: /Try the brass key/ }),
  ).toBeVisible();

  // Another window size is another fingerprint: the browser still is the same visitor.
  await page.setViewportSize({ width: 390, height: 844 });
  await reloadThroughRiskStep(page);
  expect((await heldVisitor(page)).dfId).toBe(dfId);

  await page.goto('/For_You');
  await register(page, newEmail('resized'), 'Resized Wren');
  await page.goto(gamePath);
  await readUntilAction(page);
  await expect(
    page.locator('.choices').getByRole('button', { name: /Try the brass key/ }),
  ).toBeVisible();
});

test('another browser that copies a visitor’s id gets neither the id, the gems nor the chapters', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The victim: a visitor who bought 320 gems.
  await openLanternLedger(page);
  const victim = await heldVisitor(page);
  expect(victim.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await buyGems(page);

  // The attacker: another browser, with an account of its own.
  const attackerContext = await browser.newContext();
  const attacker = await attackerContext.newPage();
  try {
    await attacker.goto('/For_You');
    await waitForMount(attacker);
    const email = newEmail('copier');
    await register(attacker, email, 'Copy Cat');

    // Copied id, no secret: the risk step does not hand it over, and DF_ID refuses it.
    await attacker.evaluate(([keys, id]) => localStorage.setItem(keys.visitor, id), [
      STORAGE_KEYS,
      victim.dfId,
    ] as const);
    await reloadThroughRiskStep(attacker);
    expect((await heldVisitor(attacker)).dfId).not.toBe(victim.dfId);
    expect((await visitorLogin(attacker, { dfId: victim.dfId, secret: null })).status).toBe(1103);

    // A client that sends the victim's df_id with its password login (its own secret beside it)
    // signs in to its own account with its own nothing.
    await banner(attacker).getByRole('button', { name: 'Sign out' }).click();
    await attacker.evaluate(
      ([keys, id]) => {
        localStorage.setItem(keys.visitor, id);
        localStorage.setItem('is_visitor_at', String(Date.now()));
      },
      [STORAGE_KEYS, victim.dfId] as const,
    );
    await attacker.reload();
    await waitForMount(attacker);
    await banner(attacker).getByRole('button', { name: 'Sign in' }).click();
    await dialog(attacker).getByLabel('Email').fill(email);
    await dialog(attacker).getByRole('button', { name: 'Confirm' }).click();
    await dialog(attacker).getByLabel('Password').fill('lantern-pass');
    const login = attacker.waitForRequest(
      (request) => pathOf(request) === callPath(CALLS.login) && request.method() === 'POST',
    );
    const reloaded = attacker.waitForEvent('load');
    await dialog(attacker).getByRole('button', { name: 'Login' }).click();
    expect(new URL((await login).url()).searchParams.get('df_id')).toBe(victim.dfId);
    await reloaded;
    await expect(attacker.getByTestId('header-balance')).toHaveText('0');
  } finally {
    await attackerContext.close();
  }

  // The victim still has everything.
  await page.reload();
  await waitForMount(page);
  await expect(page.getByTestId('header-balance')).toHaveText('320');
  expect((await heldVisitor(page)).dfId).toBe(victim.dfId);
});
