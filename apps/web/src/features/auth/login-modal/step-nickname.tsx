import { SCENE_TYPE } from '@taleforge/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api';
import { toast } from '../../../shared/ui/toast/toast-store';
import { authCalls, visitorFields } from '../auth-api';
import { readSignedInUser, saveUserInfo, takeOrigin } from '../session';
import { Field } from './field';
import { loginModalStore } from './login-modal-store';
import { toastServerError } from './server-error';
import { useFormFields } from './use-form-problems';
import { validateInviteCode, validateNickname } from './validation';

type Key = 'nickname' | 'invite';

/**
 * Step 1: a new social account picks its nickname and binds an invite code. The modal cannot be
 * closed here; success goes back to the page the sign-in started from (SPEC §4).
 */
export function StepNickname({ navigate = (url: string) => window.location.assign(url) }) {
  const { t } = useTranslation();
  const user = readSignedInUser();
  const { form, values, field, handleSubmit } = useFormFields<Key>(() => {
    // The provider's name is a fair suggestion when it fits the rules.
    const suggested = user?.nick_name?.trim() ?? '';
    return { nickname: validateNickname(suggested) ? '' : suggested, invite: '' };
  });
  const bind = useMutation({
    mutationFn: () =>
      request(authCalls.bindInvite, {
        body: {
          oauth_enum: user?.oauth_enum === 'DISCORD' ? 'DISCORD' : 'GOOGLE',
          nick_name: values.nickname.trim(),
          ...(user?.avatar ? { avatar: user.avatar } : {}),
          scene_type: SCENE_TYPE,
          invite_code: values.invite.trim(),
          ...visitorFields(),
        },
      }),
    onSuccess: (info) => {
      saveUserInfo(info);
      toast.success(t('auth.toast.registered'));
      loginModalStore.signedIn();
      navigate(takeOrigin());
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
          nickname: validateNickname(values.nickname),
          invite: validateInviteCode(values.invite),
        }),
        () => bind.mutate(),
      )}
    >
      <Field
        label={t('auth.nickname')}
        autoComplete="nickname"
        {...field('nickname')}
        autoFocusField
      />
      <Field label={t('auth.inviteCode')} autoComplete="off" {...field('invite')} />
      <button
        type="submit"
        className="button button--gold login-form__submit"
        disabled={bind.isPending || bind.isSuccess}
      >
        {t('auth.register')}
      </button>
    </form>
  );
}
