import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api';
import { authCalls } from '../auth-api';
import { type CodeFlow, loginModalStore } from './login-modal-store';
import { toastServerError } from './server-error';

const USE_TYPE = { register: 'REGISTER', reset: 'UPDATE_PWD' } as const;

/** Mails a verification code for registration or a password reset. */
export function useSendCode(onSent: (email: string, flow: CodeFlow, at: number) => void) {
  return useMutation({
    mutationFn: ({ email, flow }: { email: string; flow: CodeFlow }) =>
      request(authCalls.loginTicket, {
        body: { email, send_to_email: true, ticket_use_type: USE_TYPE[flow] },
      }),
    onSuccess: (_data, { email, flow }) => onSent(email, flow, Date.now()),
    onError: toastServerError,
  });
}

/** The usual reaction: go to step 2 with the countdown started. */
export const useSendCodeAndContinue = () => useSendCode(loginModalStore.codeSent);
