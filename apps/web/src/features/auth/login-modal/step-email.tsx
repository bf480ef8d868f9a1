import type { userExistCall } from '@taleforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoint, isApiError, request } from '../../../shared/api';
import { toast } from '../../../shared/ui/toast/toast-store';
import { SocialButtons } from './social-buttons';
import { type EmailProblem, validateEmail } from './validate-email';

const userExist = endpoint<typeof userExistCall>({
  method: 'GET',
  path: '/api/v1/validate/user/exist',
});

/**
 * Step 0. Confirm asks whether the email has an account; the steps that follow (password
 * login, or a registration code) are not built yet, so the outcome is stated plainly instead.
 */
export function StepEmail() {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<EmailProblem>(null);
  const result = useRef<HTMLOutputElement>(null);
  const check = useMutation({
    mutationFn: (value: string) => request(userExist, { query: { email: value } }),
    onError: (error) => {
      // Network failures were already announced by the client; business errors carry a desc.
      if (isApiError(error) && error.kind === 'status' && error.desc) toast.error(error.desc);
    },
  });

  // The form (and its focused button) is replaced by the result: keep focus inside the dialog.
  useEffect(() => {
    if (check.isSuccess) result.current?.focus();
  }, [check.isSuccess]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEmail(email);
    setProblem(found);
    if (!found) check.mutate(email.trim());
  };

  if (check.isSuccess) {
    const exists = Boolean(check.data);
    return (
      <output ref={result} className="login-result" tabIndex={-1} data-testid="login-coming-soon">
        <strong className="login-result__title">
          {t(exists ? 'auth.existingTitle' : 'auth.newTitle')}
        </strong>
        <span>{t(exists ? 'auth.existingBody' : 'auth.newBody', { email: email.trim() })}</span>
        <span className="chip">{t('common.comingSoon')}</span>
        <button type="button" className="button button--ghost" onClick={() => check.reset()}>
          {t('auth.useAnother')}
        </button>
      </output>
    );
  }

  const message =
    problem === 'required'
      ? t('auth.validation.required', { label: t('auth.email') })
      : problem === 'format'
        ? t('auth.validation.email')
        : null;

  return (
    <>
      <SocialButtons />
      <p className="login-divider">
        <span>{t('auth.or')}</span>
      </p>
      <form className="login-form" onSubmit={handleSubmit} noValidate>
        <label htmlFor={inputId} className="field-label">
          {t('auth.email')}
        </label>
        <input
          id={inputId}
          className="field-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (problem) setProblem(null);
          }}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />
        <p id={errorId} className="field-error" role={message ? 'alert' : undefined}>
          {message}
        </p>
        <button
          type="submit"
          className="button button--gold login-form__submit"
          disabled={check.isPending}
        >
          {check.isPending ? t('auth.checking') : t('auth.confirm')}
        </button>
      </form>
    </>
  );
}
