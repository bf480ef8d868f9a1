// Helpers for the profile journeys: a registered player in the page's browser, and real images.

import { expect, type Page } from '@playwright/test';
import { CALLS } from '@taleforge/contracts';
import sharp from 'sharp';
import { inviteCode, mailedCode, newEmail } from './accounts';
import { api } from './api';
import { STORAGE_KEYS, waitForMount } from './app';
import { heldVisitor } from './visitor';

/**
 * A registered account for this browser, made through the real calls (mailed code, invite) and
 * stored as a successful registration leaves it (SPEC §4), then the page reloaded.
 */
export async function registerInBrowser(page: Page, nickName: string) {
  await page.goto('/For_You');
  await waitForMount(page);
  const { dfId } = await heldVisitor(page);
  const email = newEmail('profile');
  const ticket = await api(page.request, CALLS.loginTicket, {
    dfId,
    body: { email, send_to_email: true, ticket_use_type: 'REGISTER' },
  });
  expect(ticket.status).toBe(200);
  const registered = await api(page.request, CALLS.register, {
    dfId,
    body: {
      email,
      ticket: await mailedCode(email, 1),
      pwd: 'correct-horse',
      pwd_: 'correct-horse',
      nick_name: nickName,
      oauth_enum: 'EMAIL',
      scene_type: 1,
      invite_code: inviteCode(),
    },
  });
  expect(registered.status).toBe(200);
  const data = registered.data!;
  await page.evaluate(
    ([keys, token, user]) => {
      localStorage.setItem(keys.accessToken, token);
      localStorage.setItem(keys.oauthEnum, 'EMAIL');
      localStorage.setItem(keys.userId, user.uid);
      localStorage.setItem(keys.userInfo, JSON.stringify(user));
    },
    [
      STORAGE_KEYS,
      data.access_token,
      { ...data.user_info_resp, uid: data.uid, oauth_enum: 'EMAIL' },
    ] as const,
  );
  await page.reload();
  await waitForMount(page);
  return { taleforgeId: data.uid, token: data.access_token, dfId };
}

/** Gold on the left, violet on the right: the avatar shows which half the crop kept. */
export function twoToneImage(format: 'png' | 'jpeg', width = 800, height = 600): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 240, g: 190, b: 60 } },
  }).composite([
    {
      input: {
        create: { width: width - half, height, channels: 3, background: { r: 110, g: 60, b: 230 } },
      },
      left: half,
      top: 0,
    },
  ]);
  return format === 'png'
    ? image.png().toBuffer()
    : image
        .jpeg()
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2670/100' } })
        .toBuffer();
}
