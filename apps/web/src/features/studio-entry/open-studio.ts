import { readItem, removeItem, safeSession, writeItem } from '@taleforge/browser/storage';
import { type AppConfig, config } from '../../shared/config';
import { toast } from '../../shared/ui/toast/toast-store';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { readSignedInUser } from '../auth/session';
import { DEV_STUDIO_ORIGINS } from '../auth/token-sync';

/** Session storage: a visitor asked to create, so the studio opens once they have signed in. */
export const CREATE_AFTER_LOGIN_KEY = 'create_after_login';

/** Where "create" goes: the studio the server named, the `vite dev` one, or nowhere. */
export function studioAddress(cfg: Pick<AppConfig, 'studioUrl' | 'environment'> = config) {
  return cfg.studioUrl ?? (cfg.environment === 'development' ? `${DEV_STUDIO_ORIGINS[0]}/` : null);
}

/**
 * Opens the studio in a new tab. The URL carries only the `from` marker, never the token: the
 * studio asks this tab for it by token sync. Not `noopener`, or the studio could not ask.
 */
export function openStudio(win: Window = window): Window | null {
  const address = studioAddress();
  if (!address) return null;
  const url = new URL(address);
  url.searchParams.set('from', 'player');
  return win.open(url.href, '_blank');
}

export const isCreator = () => {
  const user = readSignedInUser();
  return user !== null && user.oauth_enum !== 'DF_ID';
};

/** SPEC §6: creating needs login. A visitor is told so and shown the login dialog. */
export function startCreate(loginToCreate: string) {
  if (isCreator()) {
    openStudio();
    return;
  }
  writeItem(CREATE_AFTER_LOGIN_KEY, '1', safeSession());
  toast.info(loginToCreate);
  openLoginModal();
}

export const hasPendingCreate = () => readItem(CREATE_AFTER_LOGIN_KEY, safeSession()) !== null;
export const clearPendingCreate = () => removeItem(CREATE_AFTER_LOGIN_KEY, safeSession());
