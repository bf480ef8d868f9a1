import { request } from '../../shared/api';
import { authCalls } from './auth-api';
import { loginModalStore } from './login-modal/login-modal-store';
import { clearSession, hasToken } from './session';

/**
 * Ends the session on the server (the token can never be used again), then clears what SPEC §4
 * lists. Local data goes even when the server cannot be reached: the user asked to leave.
 */
export async function logout() {
  if (hasToken()) await request(authCalls.logout, { quiet: true }).catch(() => undefined);
  clearSession();
  loginModalStore.forceClose();
}
