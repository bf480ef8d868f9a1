import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api';
import { toast } from '../../../shared/ui/toast/toast-store';
import { authCalls } from '../auth-api';
import { Field } from './field';
import { type LoginModalState, loginModalStore } from './login-modal-store';
import { toastServerError } from './server-error';
import { StepEmailChip } from './step-email-chip';
import { useFormProblems } from './use-form-problems';
import { validateCode, validateConfirm, validatePassword } from './validation';

type Key = 'code' | 'password' | 'confirm';

/** Step 5: a new password with the mailed code; success returns to step 0 (SPEC §4). */
export function StepReset({ state }: { state: LoginModalState }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Key, string>>({
    code: state.code,
    password: '',
    confirm: '',
  });
  const { form, problemOf, clear, handleSubmit } = useFormProblems<Key>();
  const reset = useMutation({
    mutationFn: () =>
      request(authCalls.forget, {
        body: {
          email: state.email,
          pwd: values.password,
          oauth_enum: 'EMAIL',
          ticket: values.code.trim(),
        },
      }),
    onSuccess: () => {
      toast.success(t('auth.toast.passwordReset'));
      loginModalStore.passwordReset();
    },
    onError: toastServerError,
  });

  const field = (key: Key) => ({
    value: values[key],
    onValueChange: (value: string) => {
      setValues((current) => ({ ...current, [key]: value }));
      clear(key);
    },
    problem: problemOf(key),
  });

  return (
    <form
      ref={form}
      className="login-form"
      noValidate
      onSubmit={handleSubmit(
        () => ({
          code: validateCode(values.code),
          password: validatePassword(values.password),
          confirm: validateConfirm(values.confirm, values.password),
        }),
        () => reset.mutate(),
      )}
    >
      <StepEmailChip email={state.email} />
      <div className="login-form__pair">
        <Field
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          {...field('password')}
          autoFocusField
        />
        <Field
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirm')}
        />
      </div>
      <Field
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...field('code')}
      />
      <button
        type="submit"
        className="button button--gold login-form__submit"
        disabled={reset.isPending}
      >
        {t('auth.nextStep')}
      </button>
    </form>
  );
}
