import { SCENE_TYPE } from '@taleforge/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api';
import { toast } from '../../../shared/ui/toast/toast-store';
import { authCalls, visitorFields } from '../auth-api';
import { reloadSoon } from '../finish-login';
import { saveLogin } from '../session';
import { CodeField, Field, NewPasswordFields } from './field';
import { type LoginModalState, loginModalStore } from './login-modal-store';
import { toastServerError } from './server-error';
import { StepEmailChip } from './step-email-chip';
import { useFormFields } from './use-form-problems';
import {
  validateCode,
  validateConfirm,
  validateInviteCode,
  validateNickname,
  validatePassword,
} from './validation';

type Key = 'password' | 'confirm' | 'code' | 'nickname' | 'invite';

/** Step 3: registration. Success stores the session, closes the modal and reloads (decision 34). */
export function StepRegister({ state }: { state: LoginModalState }) {
  const { t } = useTranslation();
  const { form, values, field, handleSubmit } = useFormFields<Key>({
    password: '',
    confirm: '',
    code: state.code,
    nickname: '',
    invite: '',
  });
  const register = useMutation({
    mutationFn: () =>
      request(authCalls.register, {
        body: {
          email: state.email,
          ticket: values.code.trim(),
          pwd: values.password,
          pwd_: values.confirm,
          nick_name: values.nickname.trim(),
          oauth_enum: 'EMAIL',
          scene_type: SCENE_TYPE,
          invite_code: values.invite.trim(),
          ...visitorFields(),
        },
      }),
    onSuccess: (data) => {
      saveLogin(data);
      toast.success(t('auth.toast.registered'));
      loginModalStore.registered();
      // Email sign-ins always reload; the new session is then in place everywhere.
      reloadSoon();
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
          password: validatePassword(values.password),
          confirm: validateConfirm(values.confirm, values.password),
          code: validateCode(values.code),
          nickname: validateNickname(values.nickname),
          invite: validateInviteCode(values.invite),
        }),
        () => register.mutate(),
      )}
    >
      <StepEmailChip email={state.email} />
      <NewPasswordFields
        label={t('auth.password')}
        password={field('password')}
        confirm={field('confirm')}
      />
      <CodeField {...field('code')} />
      <Field label={t('auth.nickname')} autoComplete="nickname" {...field('nickname')} />
      <Field label={t('auth.inviteCode')} autoComplete="off" {...field('invite')} />
      <button
        type="submit"
        className="button button--gold login-form__submit"
        disabled={register.isPending || register.isSuccess}
      >
        {t('auth.login')}
      </button>
    </form>
  );
}
