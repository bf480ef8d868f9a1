import type { PlayState } from '@taleforge/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../shared/ui/icons';

type Props = {
  state: Pick<PlayState, 'chapter_id' | 'story_version' | 'chapter_updated'>;
  busy: boolean;
  /** Starts the chapter again from the top, on its newest version. */
  onRestart: () => void;
};

/**
 * The creator republished the chapter under this save (decision 41). The save keeps its own
 * version, so nothing breaks; the player is told once, calmly, and may restart or read on.
 */
export function ChapterUpdatedNotice({ state, busy, onRestart }: Props) {
  const { t } = useTranslation();
  const version = `${state.chapter_id}:${state.story_version}`;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!state.chapter_updated || dismissed === version) return null;
  return (
    <section className="chapter-updated" aria-label={t('play.updated.label')}>
      <p className="chapter-updated__text" role="status">
        {t('play.updated.text')}
      </p>
      <div className="chapter-updated__actions">
        <button
          type="button"
          className="button button--gold button--small"
          disabled={busy}
          onClick={onRestart}
        >
          {t('play.updated.restart')}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('play.updated.dismiss')}
          title={t('play.updated.dismiss')}
          onClick={() => setDismissed(version)}
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </section>
  );
}
