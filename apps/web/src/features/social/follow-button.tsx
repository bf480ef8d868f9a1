import { useTranslation } from 'react-i18next';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { useFollow } from './use-follow';

type Props = {
  taleforgeId: string;
  name: string;
  following: boolean;
  /** A registered account; anyone else is sent to sign in first. */
  member: boolean;
  small?: boolean;
};

/** Follow / Following: a toggle (aria-pressed) that changes on tap and rolls back on failure. */
export function FollowButton({ taleforgeId, name, following, member, small }: Props) {
  const { t } = useTranslation();
  const follow = useFollow();
  const handleClick = () => {
    if (!member) {
      openLoginModal();
      return;
    }
    follow.mutate({ taleforge_id: taleforgeId, follow: !following });
  };
  const label = t(following ? 'social.following' : 'social.follow');
  return (
    <button
      type="button"
      className={`button ${following ? 'button--ghost' : 'button--gold'} social-follow ${small ? 'button--small' : ''}`}
      aria-pressed={following}
      aria-label={small ? t('social.followNamed', { label, name }) : undefined}
      onClick={handleClick}
    >
      {label}
    </button>
  );
}
