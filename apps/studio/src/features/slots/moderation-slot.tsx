import { ModerationPage, moderationApi } from '../moderation';

export default function ModerationSlot() {
  return <ModerationPage api={moderationApi} />;
}
