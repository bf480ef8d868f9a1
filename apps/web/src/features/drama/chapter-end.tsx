import type { ChapterInfo, PlayState } from '@taleforge/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The summary of a finished chapter, and the way on. */
export function ChapterEnd({
  state,
  disabled,
  onNext,
  onReplay,
}: {
  state: PlayState;
  disabled: boolean;
  onNext: (chapter: ChapterInfo) => void;
  onReplay: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const summary = state.summary;
  const next = state.next_chapter;
  const gains = summary
    ? (['stars', 'experience', 'health', 'magic'] as const).filter((k) => summary.stats[k] !== 0)
    : [];
  return (
    <section className="chapter-end" aria-labelledby="chapter-end-title" data-testid="chapter-end">
      <h2 id="chapter-end-title" ref={heading} tabIndex={-1}>
        {t('play.end.title', { title: state.chapter_title })}
      </h2>
      {summary && (
        <dl className="chapter-end__grid">
          {gains.map((k) => (
            <div key={k}>
              <dt>{t(`play.stats.${k}`)}</dt>
              <dd className={summary.stats[k] > 0 ? 'gain' : 'loss'}>
                {summary.stats[k] > 0 ? '+' : ''}
                {summary.stats[k]}
              </dd>
            </div>
          ))}
          {summary.items.map((item) => (
            <div key={item.key}>
              <dt>{t(`items.${item.key}.name`)}</dt>
              <dd className="gain">+{item.count}</dd>
            </div>
          ))}
        </dl>
      )}
      {summary && summary.tasks_done.length > 0 && (
        <ul className="chapter-end__tasks" aria-label={t('play.end.tasks')}>
          {summary.tasks_done.map((title) => (
            <li key={title}>✓ {title}</li>
          ))}
        </ul>
      )}
      <div className="chapter-end__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={disabled}
          onClick={onReplay}
        >
          {t('play.end.replay')}
        </button>
        {next ? (
          <button
            type="button"
            className="button button--gold"
            disabled={disabled}
            onClick={() => onNext(next)}
          >
            {next.unlocked
              ? t('play.end.next', { title: next.title })
              : t('play.end.unlockNext', { title: next.title, price: next.price_gems })}
          </button>
        ) : (
          <p className="chapter-end__fin">{t('play.end.finished')}</p>
        )}
      </div>
    </section>
  );
}
