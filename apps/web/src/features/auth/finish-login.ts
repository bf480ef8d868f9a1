import type { LoginData } from '@taleforge/contracts';
import { LIMITS } from '@taleforge/contracts/constants';
import { loginModalStore } from './login-modal/login-modal-store';
import { saveLogin } from './session';

export type AfterLogin = 'reload' | 'nickname' | 'stay';

/**
 * SPEC §4: after a login the page reloads in 1 s for every oauth type except DISCORD and DF_ID
 * (the Discord callback page navigates on its own); for Google only when no nickname is needed.
 */
export function afterLogin(
  data: Pick<LoginData, 'oauth_enum' | 'need_complete_nick_name'>,
): AfterLogin {
  if (data.need_complete_nick_name) return 'nickname';
  if (data.oauth_enum === 'DISCORD' || data.oauth_enum === 'DF_ID') return 'stay';
  return 'reload';
}

export function reloadSoon(reload: () => void = () => window.location.reload()) {
  setTimeout(reload, LIMITS.reloadAfterLoginMs);
}

/**
 * Stores the session and moves on: the nickname step when the account still needs one,
 * otherwise the modal closes (and the page reloads where SPEC §4 says so).
 */
export function finishLogin(data: LoginData, store = loginModalStore): AfterLogin {
  saveLogin(data);
  const next = afterLogin(data);
  if (next === 'nickname') {
    store.needNickname();
  } else {
    store.signedIn();
    if (next === 'reload') reloadSoon();
  }
  return next;
}
