import { request } from '../../shared/api';
import { config } from '../../shared/config';
import { authCalls } from './auth-api';
import { installLoginModalEvents } from './login-modal/login-modal-events';
import { loginModalStore } from './login-modal/login-modal-store';
import { hasToken, saveUserInfo } from './session';
import { allowedStudioOrigins, installTokenSync } from './token-sync';

/**
 * Refreshes the stored user from the server. A dead token answers 1005–1007, which opens the
 * login modal; an account still owing its nickname is sent back to step 1.
 */
export async function refreshUser() {
  if (!hasToken()) return;
  try {
    const info = await request(authCalls.userInfo, { quiet: true });
    saveUserInfo(info);
    if (info.need_complete_nick_name) loginModalStore.needNickname();
  } catch {
    // Offline: the stored copy stands. Login-required statuses were handled by the client.
  }
}

/** Everything sign-in needs at mount: modal events, creator-site token sync, a fresh user. */
export function startSession() {
  installLoginModalEvents();
  installTokenSync({
    origins: allowedStudioOrigins(config),
    refreshUser: () => void refreshUser(),
  });
  void refreshUser();
}
