import { ASSISTANT_AVATARS, type AssistantAvatar } from '@taleforge/contracts/constants';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../shared/ui/icons';
import { SpeakerIcon } from './assistant-icons';
import { AvatarArt, type AvatarMood } from './avatar-art';

type Props = {
  titleId: string;
  avatar: AssistantAvatar;
  muted: boolean;
  mood: AvatarMood;
  onAvatar: (avatar: AssistantAvatar) => void;
  onMute: () => void;
  onClose: () => void;
};

/** The guide in their current state, the switch between the two guides, mute and close. */
export function PanelHeader({ titleId, avatar, muted, mood, onAvatar, onMute, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <header className="assistant__head">
      <div
        className="assistant__guide"
        data-testid="assistant-avatar"
        data-state={mood}
        data-avatar={avatar}
      >
        <AvatarArt avatar={avatar} mood={mood} />
      </div>
      <div className="assistant__heading">
        <div className="assistant__title-row">
          <h2 id={titleId} className="assistant__title">
            {t('assistant.title')}
          </h2>
          <div className="assistant__tools">
            <button
              type="button"
              className="icon-button"
              aria-label={t('assistant.mute')}
              title={t('assistant.mute')}
              aria-pressed={muted}
              onClick={onMute}
            >
              <SpeakerIcon muted={muted} />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('assistant.close')}
              title={t('assistant.close')}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </div>
        </div>
        <fieldset className="assistant__avatars">
          <legend className="sr-only">{t('assistant.avatars')}</legend>
          {ASSISTANT_AVATARS.map((choice) => (
            <button
              key={choice}
              type="button"
              className="assistant__avatar-choice"
              aria-pressed={avatar === choice}
              onClick={() => onAvatar(choice)}
            >
              <span className="assistant__avatar-face" aria-hidden="true">
                <AvatarArt avatar={choice} mood="idle" />
              </span>
              {t(`assistant.${choice}`)}
            </button>
          ))}
        </fieldset>
      </div>
    </header>
  );
}
