import { LIMITS } from '@taleforge/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from './field';
import { type LoginModalState, loginModalStore } from './login-modal-store';
import { StepEmailChip } from './step-email-chip';
import { useCountdown } from './use-countdown';
import { useFormProblems } from './use-form-problems';
import { useSendCode } from './use-send-code';
import { validateCode } from './validation';

/** Step 2: the mailed code, a resend after 60 s, and the next-step link (→ 3, or 5 when resetting). */
export function StepCode({ state }: { state: LoginModalState }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(state.code);
  const { form, problemOf, clear, handleSubmit } = useFormProblems<'code'>();
  const left = useCountdown(state.codeSentAt, LIMITS.resendCountdownSeconds);
  const resend = useSendCode((_email, _flow, at) => loginModalStore.codeResent(at));

  return (
    <form
      ref={form}
      className="login-form"
      noValidate
      onSubmit={handleSubmit(
        () => ({ code: validateCode(code) }),
        () => loginModalStore.codeEntered(code.trim()),
      )}
    >
      <StepEmailChip email={state.email} />
      <p className="login-note">
        {t('auth.codeSent', { minutes: LIMITS.verificationCodeValidMinutes })}
      </p>
      <CodeField
        value={code}
        onValueChange={(value) => {
          setCode(value);
          clear('code');
        }}
        problem={problemOf('code')}
        autoFocusField
      />
      <div className="login-form__row">
        <button
          type="button"
          className="link-button"
          disabled={left > 0 || resend.isPending}
          onClick={() => resend.mutate({ email: state.email, flow: state.flow })}
        >
          {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.resend')}
        </button>
        <button type="submit" className="link-button link-button--strong">
          {t('auth.nextStep')}
        </button>
      </div>
    </form>
  );
}
