import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api';
import { toast } from '../../../shared/ui/toast/toast-store';
import { authCalls } from '../auth-api';
import { CodeField, NewPasswordFields } from './field';
import { type LoginModalState, loginModalStore } from './login-modal-store';
import { toastServerError } from './server-error';
import { StepEmailChip } from './step-email-chip';
import { useFormFields } from './use-form-problems';
import { validateCode, validateConfirm, validatePassword } from './validation';

type Key = 'code' | 'password' | 'confirm';

/** Step 5: a new password with the mailed code; success returns to step 0 (SPEC §4). */
export function StepReset({ state }: { state: LoginModalState }) {
  const { t } = useTranslation();
  const { form, values, field, handleSubmit } = useFormFields<Key>({
    code: state.code,
    password: '',
    confirm: '',
  });
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
      <NewPasswordFields
        label={t('auth.newPassword')}
        password={field('password')}
        confirm={field('confirm')}
      />
      <CodeField {...field('code')} />
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
