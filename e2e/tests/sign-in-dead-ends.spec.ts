import { type Locale, STATUS, statusMessage } from '@taleforge/contracts';
import { inviteCode, mailedCode, newEmail } from '../support/accounts';
import { STORAGE_KEYS, waitForMount } from '../support/app';
import { translator } from '../support/catalogue';
import { expect, test } from '../support/device';
import { checkScreen, PHONE } from '../support/layout';

// The sign-in dialog's two former dead ends, on a phone: reopening it for an address that was
// mailed a code moments ago (it used to refuse with "wait 60 seconds"), and the password step
// that showed for a second after a registration, which had already signed the player in.

for (const locale of ['en_US', 'ja_JP'] as const satisfies readonly Locale[]) {
  test(`reopened within 60 s it resumes the code step; registering never shows the password step (${locale})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const t = translator(locale);
    const banner = page.getByRole('banner');
    const dialog = page.getByRole('dialog');
    const heading = (key: string) => dialog.getByRole('heading', { name: t(key) });
    await page.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [STORAGE_KEYS.language, locale] as const,
    );
    await page.setViewportSize(PHONE);
    await page.goto('/For_You');
    await waitForMount(page);

    const email = newEmail(`again-${locale.slice(0, 2)}`);
    const askForCode = async () => {
      await banner.getByRole('button', { name: t('header.signIn'), exact: true }).click();
      await dialog.getByLabel(t('auth.email')).fill(email);
      await dialog.getByRole('button', { name: t('auth.confirm') }).click();
      await expect(heading('auth.steps.code.title')).toBeVisible();
    };
    await askForCode();
    const code = await mailedCode(email, 1);

    // Closed, then opened again for the same address a few seconds later: the code step again,
    // its countdown where it stands, and no refusal.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.waitForTimeout(3_000);
    await askForCode();
    const resend = dialog.getByRole('button', {
      name: new RegExp(t('auth.resendIn', { seconds: '\\d+' })),
    });
    await expect(resend).toBeDisabled();
    const left = Number(/\d+/.exec((await resend.textContent()) ?? '')?.[0]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(57);
    await expect(page.getByText(statusMessage(STATUS.CODE_TOO_SOON, locale))).toHaveCount(0);
    await checkScreen(page, testInfo, `${locale}-code-step-reopened`);
    // The code mailed the first time is the one that works.
    await dialog.getByLabel(t('auth.code')).fill(code);
    await dialog.getByRole('button', { name: t('auth.nextStep') }).click();
    await expect(heading('auth.steps.register.title')).toBeVisible();

    // Every heading the dialog shows from the moment the registration is sent until the reload.
    const headings: string[] = [];
    await page.exposeFunction('__reportHeading', (text: string) => headings.push(text));
    await page.evaluate(() => {
      const report = (window as unknown as { __reportHeading: (text: string) => void })
        .__reportHeading;
      const look = () => {
        const shown = document.querySelector('[role=dialog] h2')?.textContent;
        if (shown) report(shown);
      };
      look();
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await dialog.getByLabel(t('auth.password'), { exact: true }).fill('secret12');
    await dialog.getByLabel(t('auth.confirmPassword')).fill('secret12');
    await dialog.getByLabel(t('auth.nickname')).fill(`Again${locale.slice(0, 2)}`);
    await dialog.getByLabel(t('auth.inviteCode')).fill(inviteCode());
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: t('auth.login') }).click();
    await expect(dialog).toHaveCount(0);
    await reloaded;
    // The watch saw the dialog as it was (step 3), then nothing but its closing.
    expect(headings[0]).toBe(t('auth.steps.register.title'));
    expect(headings).not.toContain(t('auth.steps.password.title'));
    await expect(
      banner.getByRole('link', {
        name: t('header.account', { name: `Again${locale.slice(0, 2)}` }),
      }),
    ).toBeVisible();
    await expect(banner.getByRole('button', { name: t('header.signOut') })).toBeVisible();
  });
}
