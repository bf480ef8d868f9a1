import type { GameCard } from '@taleforge/contracts';
import { Link } from 'react-router';
import { rememberProfile } from './profile-storage';

/**
 * A creator's name that opens their profile. The profile is kept for the session first, so a
 * visitor with no account passes the SPEC §2 guard (and can reload the page).
 */
export function CreatorLink({
  creator,
  className,
}: {
  creator: GameCard['creator'];
  className?: string;
}) {
  return (
    <Link
      to={`/profile/${encodeURIComponent(creator.taleforge_id)}`}
      className={className}
      onClick={() =>
        rememberProfile({ taleforge_id: creator.taleforge_id, nick_name: creator.nick_name })
      }
    >
      {creator.nick_name}
    </Link>
  );
}
