import { useTranslation } from 'react-i18next';

/** Stands where the analytics page (features/analytics) mounts until it is in. */
export function AnalyticsPlaceholder({ workId }: { workId: number }) {
  const { t } = useTranslation();
  return (
    <p className="empty" data-work={workId}>
      {t('analytics.soon')}
    </p>
  );
}
