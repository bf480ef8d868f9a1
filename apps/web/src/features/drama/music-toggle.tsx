import { useTranslation } from 'react-i18next';
import { useGameMusic } from './use-game-music';

/** The play header's sound switch; nothing shows for a game without music. */
export function MusicToggle({ url }: { url: string | null }) {
  const { t } = useTranslation();
  const { on, toggle } = useGameMusic(url);
  if (!url) return null;
  return (
    <button
      type="button"
      className="icon-button play__music"
      aria-label={t('play.music.label')}
      aria-pressed={on}
      title={t(on ? 'play.music.turnOff' : 'play.music.turnOn')}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        <path
          d={on ? 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12' : 'M16 9.5l5 5M21 9.5l-5 5'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
