import { useTranslation } from 'react-i18next';

/** A line in the frame where the video would be: loading, preparing, or a failure to retry. */
export function PlayerNotice(props: { text: string; busy?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="player-notice" role="status" aria-busy={props.busy ?? false}>
      <p>{props.text}</p>
      {props.onRetry && (
        <button type="button" className="button button--ghost" onClick={props.onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
