import { CALLS } from '@taleforge/contracts';
import { inviteCode, mailedCode, newEmail, pageVisitor, passResendWait } from '../support/accounts';
import { api } from '../support/api';
import { STORAGE_KEYS, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';

const dialog = (page: Page) => page.getByRole('dialog');
const banner = (page: Page) => page.getByRole('banner');
const heading = (page: Page, name: string) => dialog(page).getByRole('heading', { name });
const storedToken = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);

async function openSignIn(page: Page, email: string) {
  await banner(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(heading(page, 'Sign in to Taleforge')).toBeVisible();
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await openSignIn(page, email);
  await expect(heading(page, 'Welcome back')).toBeVisible();
  await expect(dialog(page).getByLabel('Password')).toBeFocused();
  await dialog(page).getByLabel('Password').fill(password);
  await submitAndReload(page, 'Login successful');
}

/**
 * Email sign-ins reload the page 1 s after success (SPEC §4); wait for that load. The toast is
 * watched for from before the click: it lives only until the reload, and a screen check the
 * journey's next assertion runs first could outlast it.
 */
async function submitAndReload(page: Page, toast: string) {
  const reloaded = page.waitForEvent('load');
  const toastShown = page.waitForFunction(
    (text) => [...document.querySelectorAll('[role=status]')].some((el) => el.textContent === text),
    toast,
  );
  await dialog(page).getByRole('button', { name: 'Login' }).click();
  await toastShown;
  await reloaded;
}

async function expectSignedInAs(page: Page, nickname: string) {
  // The page reloads 1 s after an email sign-in (SPEC §4); the header then shows the account.
  await expect(banner(page).getByRole('link', { name: 'Open my profile' })).toContainText(
    nickname,
    { timeout: 10_000 },
  );
  await expect(dialog(page)).toHaveCount(0);
}

async function logOut(page: Page) {
  await banner(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(banner(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
}

test('register with an invite code read from the mail, log out, log in, reset the password, log in with the new one', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = newEmail('ada');
  await page.goto('/For_You');
  await waitForMount(page);

  // 0 → 2: a new address gets a registration code by mail.
  await openSignIn(page, email);
  await expect(heading(page, 'Check your email')).toBeVisible();
  const registrationCode = await mailedCode(email, 1);
  await expect(dialog(page).getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await dialog(page).getByLabel('Verification code').fill(registrationCode);
  await dialog(page).getByRole('button', { name: 'Next step' }).click();

  // 3: registration, with the invite code customer service gave out.
  await expect(heading(page, 'Create your account')).toBeVisible();
  await expect(dialog(page).getByLabel('Verification code')).toHaveValue(registrationCode);
  await dialog(page).getByLabel('Password', { exact: true }).fill('first-pass1');
  await dialog(page).getByLabel('Confirm password').fill('first-pass2');
  await dialog(page).getByRole('button', { name: 'Login' }).click();
  await expect(
    dialog(page).getByText('the two passwords entered do not match', { exact: true }),
  ).toBeVisible();
  await dialog(page).getByLabel('Confirm password').fill('first-pass1');
  await dialog(page).getByLabel('Nickname').fill('Ada Lovelace');
  await dialog(page).getByLabel('Invite code').fill(inviteCode());
  await submitAndReload(page, 'Registration successful');
  await expectSignedInAs(page, 'Ada Lovelace');

  // Logout ends the session on the server too: the old token is refused from then on.
  const firstToken = await storedToken(page);
  await logOut(page);
  const afterLogout = await api(request, CALLS.userInfo, {
    dfId: await pageVisitor(page),
    token: firstToken!,
  });
  expect(afterLogout.status).toBe(1006);

  // 0 → 4: the address is known now.
  await logIn(page, email, 'first-pass1');
  await expectSignedInAs(page, 'Ada Lovelace');
  await logOut(page);

  // 4 → forgot → 2 → 5. Within 60 s of the last code the server says to wait, as it comes;
  // the server then lets those 60 s pass at once (a test run's shortcut, not a sleep).
  await openSignIn(page, email);
  await expect(heading(page, 'Welcome back')).toBeVisible();
  const forgot = dialog(page).getByRole('button', { name: 'Forgot password?' });
  await forgot.click();
  await expect(
    page.getByText('A code was just sent, please wait 60 seconds before asking again'),
  ).toBeVisible();
  await expect(heading(page, 'Welcome back')).toBeVisible();
  await passResendWait(request, email);
  await forgot.click();
  await expect(heading(page, 'Check your email')).toBeVisible();
  const resetCode = await mailedCode(email, 2);
  expect(resetCode).not.toBe(registrationCode);
  await dialog(page).getByLabel('Verification code').fill(resetCode);
  await dialog(page).getByRole('button', { name: 'Next step' }).click();
  await expect(heading(page, 'Reset your password')).toBeVisible();
  await dialog(page).getByLabel('New password').fill('second-pass2');
  await dialog(page).getByLabel('Confirm password').fill('second-pass2');
  await dialog(page).getByRole('button', { name: 'Next step' }).click();
  await expect(page.getByText('Password reset successful')).toBeVisible();

  // 5 → 0, the address kept; the old password no longer works, the new one does.
  await expect(heading(page, 'Sign in to Taleforge')).toBeVisible();
  await expect(dialog(page).getByLabel('Email')).toHaveValue(email);
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(heading(page, 'Welcome back')).toBeVisible();
  await dialog(page).getByLabel('Password').fill('first-pass1');
  await dialog(page).getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await dialog(page).getByLabel('Password').fill('second-pass2');
  await submitAndReload(page, 'Login successful');
  await expectSignedInAs(page, 'Ada Lovelace');
});
