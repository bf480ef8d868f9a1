import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '@taleforge/contracts';
import sharp from 'sharp';
import { STORAGE_KEYS, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { PICTURE } from '../support/layout';
import { registerInBrowser, twoToneImage } from '../support/profiles';

// The profile as a player uses it: nickname edited in place, avatars chosen, cropped in the page
// (pointer, touch-free keyboard and slider) and shown on the profile and in the header; files the
// browser must refuse; and a visitor looking at a creator's profile.

type Texts = Record<string, string>;
const catalogue = (locale: string): Texts => {
  const file = fileURLToPath(
    new URL(`../../apps/web/src/shared/i18n/locales/${locale}.screens.json`, import.meta.url),
  );
  const json = JSON.parse(readFileSync(file, 'utf8')) as { profile: Record<string, unknown> };
  const flat: Texts = {};
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') flat[prefix] = value;
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(json.profile, '');
  return flat;
};

const CASES = [
  { label: 'English at 1280 px', locale: 'en_US', width: 1280, height: 900 },
  { label: 'Chinese at 390 px', locale: 'zh_CN', width: 390, height: 844 },
] as const;

const banner = (page: Page) => page.getByRole('banner');

async function chooseFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** The pixels behind an avatar the page shows: format, size and dominant colour. */
async function avatarPixels(page: Page, src: string) {
  const response = await page.request.get(src);
  expect(response.headers()['content-type']).toBe('image/webp');
  const bytes = await response.body();
  const meta = await sharp(bytes).metadata();
  const { dominant } = await sharp(bytes).stats();
  return { width: meta.width, format: meta.format, exif: meta.exif, dominant };
}

for (const c of CASES) {
  test(`edits nickname and avatar (PNG, then JPEG) — ${c.label}`, async ({ page }, info) => {
    test.setTimeout(120_000);
    const t = catalogue(c.locale);
    await page.setViewportSize({ width: c.width, height: c.height });
    const nick = `Lark${Date.now().toString(36).slice(-4)}`;
    const { taleforgeId } = await registerInBrowser(page, nick);
    await page.evaluate(([key, locale]) => localStorage.setItem(key, locale), [
      STORAGE_KEYS.language,
      c.locale,
    ] as const);
    await page.goto('/profile/me');
    await waitForMount(page);

    // The owner's page: name, id, counts (0 until follows and likes exist), an inviting empty list.
    await expect(page.getByRole('heading', { level: 1, name: nick })).toBeVisible();
    await expect(page.getByText(t.id!.replace('{{id}}', taleforgeId))).toBeVisible();
    await expect(page.locator('.profile-stats dd')).toHaveText(['0', '0', '0']);
    await expect(page.getByText(t['empty.worksOwn']!)).toBeVisible();
    await page.screenshot({
      path: info.outputPath(`profile-empty-${c.locale}-${c.width}.jpg`),
      ...PICTURE,
    });

    // Nickname in place: the SPEC's words for a short one, then saved and shown in the header.
    await page.getByRole('button', { name: t.editNickname }).click();
    const field = page.getByRole('textbox', { name: t.nicknameLabel });
    await field.fill('A');
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(t.nicknameMin!);
    await field.fill('x'.repeat(31));
    await field.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(t.nicknameMax!);
    await page.screenshot({
      path: info.outputPath(`nickname-edit-${c.locale}-${c.width}.jpg`),
      ...PICTURE,
    });
    const renamed = `${nick} 星`;
    await field.fill(renamed);
    await field.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: new RegExp(renamed) })).toBeVisible();

    // The bio in place: typed past its 160 characters, nothing is cut; the counter says how many
    // are too many and Save waits until it fits.
    await page.getByRole('button', { name: t.editBio }).click();
    const bio = page.getByRole('textbox', { name: t.bioLabel });
    const long = 'Keeper of lanterns, reader of tides. '.repeat(5).trim();
    await bio.fill(long);
    await expect(bio).toHaveValue(long);
    await expect(bio).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(new RegExp(`^${[...long].length}/160 · `))).toBeVisible();
    await expect(page.getByRole('button', { name: t.save, exact: true })).toBeDisabled();
    await page.screenshot({
      path: info.outputPath(`bio-too-long-${c.locale}-${c.width}.jpg`),
      ...PICTURE,
    });
    const fits = long.slice(0, 150).trim();
    await bio.fill(fits);
    await expect(page.getByText(`${[...fits].length}/160`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByText(fits, { exact: true })).toBeVisible();

    // A PNG, zoomed in by the slider and moved by the arrow keys to its violet right half.
    await page.getByRole('button', { name: t['avatar.change'] }).click();
    const dialog = page.getByRole('dialog', { name: t['avatar.title'] });
    await chooseFile(page, t['avatar.choose']!, {
      name: 'two-tone.png',
      mimeType: 'image/png',
      buffer: await twoToneImage('png'),
    });
    const cropArea = dialog.getByRole('group', { name: t['avatar.cropArea'] });
    await expect(cropArea).toBeVisible();
    await dialog.getByRole('slider', { name: t['avatar.zoom'] }).fill('3');
    await cropArea.focus();
    for (let i = 0; i < 30; i++) await cropArea.press('ArrowLeft');
    await page.screenshot({
      path: info.outputPath(`avatar-crop-${c.locale}-${c.width}.jpg`),
      ...PICTURE,
    });
    await dialog.getByRole('button', { name: t['avatar.save'] }).click();
    await expect(dialog).toHaveCount(0);

    const profileAvatar = page.getByRole('img', {
      name: t['avatar.alt']!.replace('{{name}}', renamed),
    });
    await expect(profileAvatar).toHaveAttribute('src', /\/taleforge\/media\/[0-9a-f]{32}\.webp$/);
    const headerAvatar = banner(page).locator('img.account-chip__avatar');
    await expect(headerAvatar).toHaveAttribute('src', /\/taleforge\/media\/[0-9a-f]{32}\.webp$/);
    const large = await avatarPixels(page, (await profileAvatar.getAttribute('src'))!);
    expect([large.format, large.width]).toEqual(['webp', 512]);
    const small = await avatarPixels(page, (await headerAvatar.getAttribute('src'))!);
    expect(small.width).toBe(128);
    // The kept half is the violet one: the crop the page showed is the crop the server made.
    expect(small.dominant.b).toBeGreaterThan(small.dominant.r);
    await page.screenshot({
      path: info.outputPath(`profile-png-${c.locale}-${c.width}.jpg`),
      ...PICTURE,
    });

    // A JPEG with a GPS position, at the default (centred) crop: replaced, and its EXIF gone.
    const pngSrc = await headerAvatar.getAttribute('src');
    await page.getByRole('button', { name: t['avatar.change'] }).click();
    await chooseFile(page, t['avatar.choose']!, {
      name: 'camera.jpg',
      mimeType: 'image/jpeg',
      buffer: await twoToneImage('jpeg', 640, 640),
    });
    await expect(dialog.getByRole('group', { name: t['avatar.cropArea'] })).toBeVisible();
    await dialog.getByRole('button', { name: t['avatar.save'] }).click();
    await expect(dialog).toHaveCount(0);
    await expect(headerAvatar).not.toHaveAttribute('src', pngSrc!);
    const jpeg = await avatarPixels(page, (await headerAvatar.getAttribute('src'))!);
    expect(jpeg.exif).toBeUndefined();

    // Files the page refuses before any upload, with the SPEC's words; the avatar stays.
    const jpegSrc = await headerAvatar.getAttribute('src');
    await page.getByRole('button', { name: t['avatar.change'] }).click();
    await chooseFile(page, t['avatar.choose']!, {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(t['avatar.invalid']!);
    // Said once, where the file was chosen: no toast repeats it.
    await expect(page.getByText(t['avatar.invalid']!)).toHaveCount(1);
    await chooseFile(page, t['avatar.choose']!, {
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(LIMITS.avatarMaxBytes + 1),
    });
    await expect(dialog.getByRole('alert')).toHaveText(t['avatar.tooLarge']!);
    await dialog.getByRole('button', { name: t['avatar.save'] }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t['avatar.selectCrop']!);
    await page.screenshot({
      path: info.outputPath(`avatar-refused-${c.locale}-${c.width}.jpg`),
      ...PICTURE,
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(headerAvatar).toHaveAttribute('src', jpegSrc!);

    // After a reload the stored user info still carries the new face and name.
    await page.reload();
    await waitForMount(page);
    await expect(headerAvatar).toHaveAttribute('src', jpegSrc!);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  });
}

test('a visitor looks at a creator profile; following opens the login dialog', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/For_You');
  await waitForMount(page);
  const creator = page.locator('a.game-card__creator').first();
  const name = (await creator.textContent())!;
  await creator.click();
  await expect(page).toHaveURL(/\/profile\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Works', selected: true })).toBeVisible();
  await expect(page.locator('.profile-grid .game-card').first()).toBeVisible();
  await page.screenshot({
    path: info.outputPath('creator-visitor-en-390.jpg'),
    fullPage: true,
    ...PICTURE,
  });

  // The genre tabs, by keyboard: arrows move the selection.
  const all = page.getByRole('tab', { name: 'All' });
  await all.focus();
  await all.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Mystery', selected: true })).toBeFocused();

  // Kept for the session (SPEC §2/§3): a reload stays on the profile without an account.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Sign in to Taleforge' }),
  ).toBeVisible();
});
