// Helpers for the creator studio's journeys: an account made through the real calls, and the
// studio's own screens at its own origin (STUDIO_ORIGIN, a second listener of the main server).

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { CALLS } from '@taleforge/contracts';
import { inviteCode, mailedCode, newEmail } from './accounts';
import { api } from './api';
import { STUDIO_ORIGIN } from './env';

export const CREATOR_PASSWORD = 'lantern-keeper';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Makes an account an admin with the running server's own `npm run invites -- grant-admin`
 * (customer service's way): the studio then shows it Moderation. */
export function grantAdmin(email: string) {
  execFileSync('node', ['scripts/invites.mjs', 'grant-admin', '--email', email], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

/** A new registered account (mailed code, invite), made from the player site's page. */
export async function newAccount(page: Page, nickName: string) {
  const dfId = `e2e-studio-${Math.random().toString(36).slice(2, 10)}`;
  const email = newEmail('creator');
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
      pwd: CREATOR_PASSWORD,
      pwd_: CREATOR_PASSWORD,
      nick_name: nickName,
      oauth_enum: 'EMAIL',
      scene_type: 1,
      invite_code: inviteCode(),
    },
  });
  expect(registered.status).toBe(200);
  return { email, password: CREATOR_PASSWORD, dfId, token: registered.data!.access_token };
}

export async function openStudio(page: Page, path = '/') {
  await page.goto(`${STUDIO_ORIGIN}${path}`);
  await expect(page.locator('#main')).toBeVisible();
}

/** Opens an address inside the running studio, as a typed or bookmarked link it routes to. (The
 * studio is opened once per sign-in: a reload asks the player site for its token, SPEC §4.) */
export async function visitInStudio(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export async function signInToStudio(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your works', level: 1 })).toBeVisible();
}

/** Writes one ink file in the work's story editor (CodeMirror) and waits until it is saved. */
export async function writeInk(page: Page, file: string, source: string) {
  await page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: file }).click();
  const code = page.locator('.ink-editor__code .cm-content');
  await code.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await code.fill(source);
  await expect(page.locator('.ink-save')).toHaveText('Saved', { timeout: 15_000 });
}

/**
 * A one-chapter work published through the studio's calls, for journeys about what players do
 * with a player's own work (the studio's screens have journeys of their own); its game id.
 */
export async function publishWorkByApi(
  page: Page,
  creator: { token: string; dfId: string },
  title: string,
  line: string,
) {
  const as = { token: creator.token, dfId: creator.dfId };
  const created = await api(page.request, CALLS.studioWorkCreate, {
    ...as,
    body: { title: { en_US: title }, script_type: 'SUSPENSE' },
  });
  expect(created.status).toBe(200);
  const work = created.data!;
  const updated = await api(page.request, CALLS.studioWorkUpdate, {
    ...as,
    body: {
      id: work.id,
      revision: work.revision,
      chapters: [{ title: { en_US: 'Chapter one' }, file: 'one.ink', price_gems: 0 }],
    },
  });
  expect(updated.status).toBe(200);
  const saved = await api(page.request, CALLS.studioFileSave, {
    ...as,
    body: { id: work.id, path: 'one.ink', source: `${line}\n-> END\n` },
  });
  expect(saved.status).toBe(200);
  const published = await api(page.request, CALLS.studioPublish, { ...as, body: { id: work.id } });
  expect(published.status, published.desc).toBe(200);
  return published.data!.game_id!;
}
