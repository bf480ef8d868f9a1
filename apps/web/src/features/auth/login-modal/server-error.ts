import { isApiError } from '../../../shared/api';
import { toast } from '../../../shared/ui/toast/toast-store';

/**
 * SPEC §8: the server's desc (already in the user's language) is shown in a toast for sign-in
 * errors. Network failures were announced by the client already.
 */
export function toastServerError(error: unknown) {
  if (isApiError(error) && error.kind === 'status' && error.desc) toast.error(error.desc);
}
