import { useTranslation } from 'react-i18next';
import { abbreviate } from '../../shared/lib/abbreviate';
import { PlayIcon } from '../../shared/ui/icons';
import './play-count.css';

/**
 * How often a work was played, abbreviated (1.2k), the exact figure in its title. A work nobody
 * has played yet is "New": a row of "0 plays" reads as an empty shop on a fresh install.
 */
export function PlayCount({ count, className }: { count: number; className: string }) {
  const { t } = useTranslation();
  if (count === 0) {
    return <span className={`${className} play-count--new`}>{t('home.newWork')}</span>;
  }
  return (
    <span className={className} title={t('home.playsLabel', { count, value: count })}>
      <PlayIcon />
      {t('home.plays', { count, value: abbreviate(count) })}
    </span>
  );
}
