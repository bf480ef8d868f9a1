import { redirect } from 'react-router';
import { hasProfileAccess } from '../auth/session';

/** Route loader for every /profile route (SPEC §2); visitors are sent to /. */
export function profileGuardLoader() {
  if (!hasProfileAccess()) throw redirect('/');
  return null;
}
