import { useTranslation } from 'react-i18next';
import { loginModalStore } from './login-modal-store';

/** The address the later steps act on, with the way back to step 0 to change it. */
export function StepEmailChip({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <p className="login-email-chip">
      <span className="login-email-chip__address" title={email}>
        {email}
      </span>
      <button type="button" className="link-button" onClick={() => loginModalStore.goTo(0)}>
        {t('auth.changeEmail')}
      </button>
    </p>
  );
}
