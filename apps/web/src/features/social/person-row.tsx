import type { UserCard } from '@taleforge/contracts';
import { Link } from 'react-router';
import { ProfileAvatar } from '../profile/profile-avatar';
import { rememberProfile } from '../profile/profile-storage';
import { FollowButton } from './follow-button';

/** One person in a followers/following list: their picture and name open their profile. */
export function PersonRow({
  card,
  viewerId,
  member,
  onOpen,
}: {
  card: UserCard;
  viewerId: string | null;
  member: boolean;
  onOpen: () => void;
}) {
  return (
    <li className="person-row">
      <Link
        to={`/profile/${encodeURIComponent(card.taleforge_id)}`}
        className="person-row__link"
        onClick={() => {
          rememberProfile({ taleforge_id: card.taleforge_id, nick_name: card.nick_name });
          onOpen();
        }}
      >
        <span aria-hidden="true">
          <ProfileAvatar src={card.avatar} name={card.nick_name} alt="" className="social-avatar" />
        </span>
        <span className="person-row__name">{card.nick_name}</span>
      </Link>
      {card.taleforge_id !== viewerId && (
        <FollowButton
          taleforgeId={card.taleforge_id}
          name={card.nick_name}
          following={card.is_following}
          member={member}
          small
        />
      )}
    </li>
  );
}
