import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Save and Cancel under a field edited in place, and its error; `extra` sits before them. */
export function InlineFormFooter({
  pending,
  onCancel,
  error,
  errorId,
  extra,
  blocked = false,
}: {
  pending: boolean;
  /** The field cannot be saved as it stands (too long): Save waits. */
  blocked?: boolean;
  onCancel: () => void;
  error: string | null;
  errorId: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="profile-inline-form__actions">
        {extra}
        <button
          type="submit"
          className="button button--gold button--small"
          disabled={pending || blocked}
        >
          {pending ? t('profile.saving') : t('profile.save')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('profile.cancel')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="profile-field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
