import type { Profile } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast/toast-store';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { confirmAction } from './confirm';
import { FollowButton } from './follow-button';
import { MenuButton } from './menu-button';
import { MoreIcon } from './social-icons';
import { useBlock, useRelation } from './use-follow';
import { useViewer } from './use-viewer';
import './social.css';

/**
 * The actions on someone else's profile: Follow / Following, whether they follow you, and a
 * "more" menu with Block / Unblock. A visitor is offered Follow, which signs in first.
 */
export function ProfileSocial({ profile, name }: { profile: Profile; name: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const relation = useRelation(profile.taleforge_id, viewer.member).data;
  const block = useBlock(profile.taleforge_id);
  const blocked = relation?.is_blocked ?? false;
  const blocksYou = !blocked && (relation?.blocks_you ?? false);

  const askBlock = () =>
    confirmAction({
      title: t('social.block.title', { name }),
      body: t('social.block.body', { name }),
      confirm: t('social.block.confirm'),
      cancel: t('social.cancel'),
      onConfirm: () =>
        block.mutate(true, { onSuccess: () => toast.success(t('social.block.done', { name })) }),
    });
  const unblock = () =>
    block.mutate(false, { onSuccess: () => toast.success(t('social.block.undone', { name })) });

  return (
    <div className="profile-social">
      {blocked ? (
        <button type="button" className="button button--ghost social-follow" onClick={unblock}>
          {t('social.block.unblock')}
        </button>
      ) : blocksYou ? null : (
        <FollowButton
          taleforgeId={profile.taleforge_id}
          name={name}
          following={relation?.is_following ?? false}
          member={viewer.member}
        />
      )}
      {relation?.follows_you && !blocked && (
        <span className="chip profile-social__follows-you">{t('social.followsYou')}</span>
      )}
      <MenuButton
        label={t('social.more', { name })}
        icon={<MoreIcon size={20} />}
        items={[
          blocked
            ? { label: t('social.block.unblock'), onSelect: unblock }
            : {
                label: t('social.block.action'),
                danger: true,
                onSelect: viewer.member ? askBlock : openLoginModal,
              },
        ]}
      />
      {blocksYou && (
        <p className="profile-social__blocks-you" role="note">
          {t('social.blocksYou', { name })}
        </p>
      )}
    </div>
  );
}
