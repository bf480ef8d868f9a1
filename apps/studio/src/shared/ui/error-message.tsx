import { useTranslation } from 'react-i18next';
import { isApiError } from '../api';

/**
 * A failed call as the creator reads it: the server's own localized `desc` when it sent one
 * (it answers in the request's language), else what went wrong with the connection.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (isApiError(error) && error.kind === 'status' && error.desc) return error.desc;
    if (isApiError(error) && error.kind === 'timeout') return t('errors.timeout');
    return t('errors.network');
  };
}

export function ErrorMessage({ error }: { error: unknown }) {
  const text = useErrorText();
  if (!error) return null;
  return (
    <p className="error-message" role="alert">
      {text(error)}
    </p>
  );
}
