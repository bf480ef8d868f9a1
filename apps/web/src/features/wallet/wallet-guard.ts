import { redirect } from 'react-router';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { readSignedInUser } from '../auth/session';

/** The wallet is a signed-in user's: visitors go home with the login dialog open. */
export function walletGuardLoader() {
  if (readSignedInUser()) return null;
  openLoginModal();
  throw redirect('/');
}
