import { SCENE_TYPE } from '@taleforge/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api';
import { toast } from '../../../shared/ui/toast/toast-store';
import { authCalls, visitorFields } from '../auth-api';
import { finishLogin } from '../finish-login';
import { Field } from './field';
import { toastServerError } from './server-error';
import { StepEmailChip } from './step-email-chip';
import { useFormProblems } from './use-form-problems';
import { useSendCodeAndContinue } from './use-send-code';
import { validatePassword } from './validation';

/** Step 4: password login, with the forgot-password link that starts the reset flow (→ 2 → 5). */
export function StepPassword({ email }: { email: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { form, problemOf, clear, handleSubmit } = useFormProblems<'password'>();
  const sendCode = useSendCodeAndContinue();
  const login = useMutation({
    mutationFn: () =>
      request(authCalls.login, {
        body: {
          email,
          pwd: password,
          oauth_enum: 'EMAIL',
          scene_type: SCENE_TYPE,
          ...visitorFields(),
        },
      }),
    onSuccess: (data) => {
      toast.success(t('auth.toast.loggedIn'));
      finishLogin(data);
    },
    onError: toastServerError,
  });

  return (
    <form
      ref={form}
      className="login-form"
      noValidate
      onSubmit={handleSubmit(
        () => ({ password: validatePassword(password) }),
        () => login.mutate(),
      )}
    >
      <StepEmailChip email={email} />
      <Field
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          clear('password');
        }}
        problem={problemOf('password')}
        autoFocusField
      />
      <button
        type="button"
        className="link-button login-form__aside"
        disabled={sendCode.isPending}
        onClick={() => sendCode.mutate({ email, flow: 'reset' })}
      >
        {t('auth.forgot')}
      </button>
      <button
        type="submit"
        className="button button--gold login-form__submit"
        disabled={login.isPending || login.isSuccess}
      >
        {t('auth.login')}
      </button>
    </form>
  );
}
