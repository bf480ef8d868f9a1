import { LIMITS } from '@taleforge/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api';
import { authCalls } from '../auth-api';
import { type CodeFlow, loginModalStore } from './login-modal-store';
import { toastServerError } from './server-error';

const USE_TYPE = { register: 'REGISTER', reset: 'UPDATE_PWD' } as const;

/**
 * When the code the server speaks of was sent, on this browser's clock: now for a fresh code;
 * earlier when a code mailed moments ago is still on its way (the server answers the seconds
 * left before another may be asked for), so the 60 s countdown resumes where it stands.
 */
export function sentAtFromWait(resendIn: number, now: number): number {
  const waited = LIMITS.resendCountdownSeconds - Math.min(resendIn, LIMITS.resendCountdownSeconds);
  return now - waited * 1000;
}

/** Mails a verification code for registration or a password reset. */
export function useSendCode(onSent: (email: string, flow: CodeFlow, at: number) => void) {
  return useMutation({
    mutationFn: ({ email, flow }: { email: string; flow: CodeFlow }) =>
      request(authCalls.loginTicket, {
        body: { email, send_to_email: true, ticket_use_type: USE_TYPE[flow] },
      }),
    onSuccess: (data, { email, flow }) =>
      onSent(email, flow, sentAtFromWait(data.resend_in, Date.now())),
    onError: toastServerError,
  });
}

/** The usual reaction: go to step 2 with the countdown started. */
export const useSendCodeAndContinue = () => useSendCode(loginModalStore.codeSent);
