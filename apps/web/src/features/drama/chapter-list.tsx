import type { ChapterInfo } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { LockIcon } from './item-icon';

export function ChapterList({
  chapters,
  currentId,
  disabled,
  onOpen,
}: {
  chapters: ChapterInfo[];
  currentId: number | null;
  disabled: boolean;
  onOpen: (chapter: ChapterInfo) => void;
}) {
  const { t } = useTranslation();
  return (
    <ol className="chapter-list">
      {chapters.map((chapter) => {
        const current = chapter.id === currentId;
        const status = !chapter.unlocked
          ? t('play.chapters.locked', { price: chapter.price_gems })
          : chapter.completed
            ? t('play.chapters.completed')
            : chapter.price_gems === 0
              ? t('play.chapters.free')
              : t('play.chapters.unlocked');
        return (
          <li key={chapter.id}>
            <button
              type="button"
              className={`chapter ${current ? 'chapter--current' : ''} ${chapter.unlocked ? '' : 'chapter--locked'}`}
              aria-current={current ? 'step' : undefined}
              disabled={disabled}
              onClick={() => onOpen(chapter)}
            >
              <span className="chapter__number" aria-hidden="true">
                {chapter.unlocked ? chapter.position : <LockIcon />}
              </span>
              <span className="chapter__text">
                <span className="chapter__title">
                  {t('play.chapters.title', { n: chapter.position, title: chapter.title })}
                </span>
                <span className="chapter__status">{status}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
