import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../shared/ui/error-message';
import { signIn, VisitorRefused } from './auth-api';
import { useTokenSync } from './token-sync-context';

/** "Login to create" (SPEC §6): the same accounts as the player site, by email and password. */
export function SignInPage() {
  const { t } = useTranslation();
  const sync = useTokenSync();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [visitor, setVisitor] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setVisitor(false);
    try {
      await signIn(email.trim(), password);
      sync.signedIn();
    } catch (caught) {
      if (caught instanceof VisitorRefused) setVisitor(true);
      else setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <div className="sign-in-intro">
        <p className="eyebrow">{t('signIn.eyebrow')}</p>
        <h1 id="sign-in-title">{t('signIn.title')}</h1>
        <p className="lead">{t('signIn.lead')}</p>
        <ul className="sign-in-points">
          <li>{t('signIn.pointWrite')}</li>
          <li>{t('signIn.pointCharacters')}</li>
          <li>{t('signIn.pointPublish')}</li>
        </ul>
      </div>
      <form className="card sign-in-form" onSubmit={(event) => void submit(event)}>
        <h2>{t('signIn.formTitle')}</h2>
        <label className="field">
          <span>{t('signIn.email')}</span>
          <input
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('signIn.password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            minLength={6}
            maxLength={20}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {visitor && (
          <p className="error-message" role="alert">
            {t('signIn.visitor')}
          </p>
        )}
        <ErrorMessage error={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </button>
        <p className="hint">{t('signIn.noAccount')}</p>
      </form>
    </section>
  );
}
