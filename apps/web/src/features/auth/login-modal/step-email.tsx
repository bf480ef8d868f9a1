import { useMutation } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api';
import { authCalls } from '../auth-api';
import { Field } from './field';
import { loginModalStore } from './login-modal-store';
import { toastServerError } from './server-error';
import { SocialButtons } from './social-buttons';
import { useFormProblems } from './use-form-problems';
import { useSendCodeAndContinue } from './use-send-code';
import { validateEmail } from './validation';

/**
 * Step 0. Confirm asks whether the email has an account: yes leads to the password (step 4),
 * no mails a registration code and leads to step 2 (SPEC §4).
 */
export function StepEmail() {
  const { t } = useTranslation();
  const stored = useSyncExternalStore(
    loginModalStore.subscribe,
    () => loginModalStore.getSnapshot().email,
  );
  const [email, setEmail] = useState(stored);
  const { form, problemOf, clear, handleSubmit } = useFormProblems<'email'>();
  const sendCode = useSendCodeAndContinue();
  const check = useMutation({
    mutationFn: (value: string) => request(authCalls.userExist, { query: { email: value } }),
    onSuccess: (exists, value) => {
      if (exists) loginModalStore.emailKnown(value);
      else sendCode.mutate({ email: value, flow: 'register' });
    },
    onError: toastServerError,
  });
  const busy = check.isPending || sendCode.isPending;

  return (
    <>
      <SocialButtons />
      <p className="login-divider">
        <span>{t('auth.or')}</span>
      </p>
      <form
        ref={form}
        className="login-form"
        noValidate
        onSubmit={handleSubmit(
          () => ({ email: validateEmail(email) }),
          () => check.mutate(email.trim()),
        )}
      >
        <Field
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            clear('email');
          }}
          problem={problemOf('email')}
          autoFocusField
        />
        <button type="submit" className="button button--gold login-form__submit" disabled={busy}>
          {busy ? t('auth.checking') : t('auth.confirm')}
        </button>
      </form>
    </>
  );
}
