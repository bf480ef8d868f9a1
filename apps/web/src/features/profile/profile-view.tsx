import type { Profile } from '@taleforge/contracts';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviate } from '../../shared/lib/abbreviate';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { ShareButton } from '../share/share-button';
import { FollowListDialog } from '../social/follow-list-dialog';
import { ProfileSocial } from '../social/profile-social';
import { BioField } from './bio-field';
import { NicknameField } from './nickname-field';
import { useProfile } from './profile-api';
import { ProfileAvatar } from './profile-avatar';
import { CameraIcon } from './profile-icons';
import { ProfileLists } from './profile-lists';
import { rememberProfile } from './profile-storage';
import './profile.css';

// The cropper is its own chunk, fetched when a player opens the avatar editor.
const AvatarEditor = lazy(() => import('./avatar-editor'));
const preloadEditor = () => void import('./avatar-editor');

type Viewer = { own: boolean; signedIn: boolean };

/** A profile page: the owner's (editable) or anyone else's. */
export function ProfileView({ taleforgeId, viewer }: { taleforgeId: string; viewer: Viewer }) {
  const { t } = useTranslation();
  const query = useProfile(taleforgeId);

  useEffect(() => {
    // SPEC §3: the profile being viewed is kept for the session (the guard reads it on reload).
    if (query.data && !viewer.own) {
      rememberProfile({ taleforge_id: query.data.taleforge_id, nick_name: query.data.nick_name });
    }
  }, [query.data, viewer.own]);

  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    return (
      <div className="profile-page">
        <div className="profile-empty profile-empty--page" role="alert">
          <p className="profile-empty__title">{t('profile.loadFailed')}</p>
          <button
            type="button"
            className="button button--gold"
            onClick={() => void query.refetch()}
          >
            {t('profile.retry')}
          </button>
        </div>
      </div>
    );
  }
  const profile = query.data;
  // A visitor account has nothing to show or edit yet: its own page invites it to sign in.
  const editable = viewer.own && !profile.is_visitor;
  return (
    <div className="profile-page">
      <ProfileHeader profile={profile} editable={editable} viewer={viewer} />
      {viewer.own && profile.is_visitor ? (
        <VisitorInvite />
      ) : (
        <ProfileLists profile={profile} own={viewer.own} />
      )}
    </div>
  );
}

function ProfileHeader({
  profile,
  editable,
  viewer,
}: {
  profile: Profile;
  editable: boolean;
  viewer: Viewer;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editingAvatar, setEditingAvatar] = useState(false);
  const [people, setPeople] = useState<'followers' | 'following' | null>(null);
  const name = profile.nick_name || t('profile.unnamed');
  const stats = [
    ['followers', profile.follower_count],
    ['following', profile.following_count],
    ['likes', profile.like_count],
  ] as const;

  return (
    <section className="profile-hero" aria-labelledby={headingId}>
      <div className="profile-hero__avatar">
        <ProfileAvatar
          src={profile.avatar}
          name={name}
          alt={t('profile.avatar.alt', { name })}
          className="profile-avatar--large"
        />
        {editable && (
          <button
            type="button"
            className="profile-hero__camera"
            onClick={() => setEditingAvatar(true)}
            onPointerEnter={preloadEditor}
            onFocus={preloadEditor}
            aria-label={t('profile.avatar.change')}
            title={t('profile.avatar.change')}
          >
            <CameraIcon size={18} />
          </button>
        )}
      </div>
      <div className="profile-hero__body">
        <NicknameField
          key={name}
          taleforgeId={profile.taleforge_id}
          name={name}
          editable={editable}
          headingId={headingId}
        />
        <p className="profile-hero__id">{t('profile.id', { id: profile.taleforge_id })}</p>
        <dl className="profile-stats" aria-label={t('profile.statsLabel')}>
          {stats.map(([key, value]) => (
            <div key={key} className="profile-stats__item">
              <dt>{t(`profile.${key}`)}</dt>
              <dd title={t('profile.exactCount', { value })}>
                {key === 'likes' || profile.is_visitor ? (
                  abbreviate(value)
                ) : (
                  // The count opens the list of people behind it.
                  <button
                    type="button"
                    className="profile-stats__open"
                    aria-label={t(`social.lists.${key}Open`, { short: abbreviate(value) })}
                    onClick={() => setPeople(key)}
                  >
                    {abbreviate(value)}
                  </button>
                )}
              </dd>
            </div>
          ))}
        </dl>
        {!profile.is_visitor && (
          <BioField
            key={profile.bio}
            taleforgeId={profile.taleforge_id}
            bio={profile.bio}
            editable={editable}
          />
        )}
        {!viewer.own && !profile.is_visitor && <ProfileSocial profile={profile} name={name} />}
      </div>
      {!profile.is_visitor && (
        <ShareButton
          target={{ kind: 'profile', taleforgeId: profile.taleforge_id }}
          name={name}
          className="profile-hero__share"
        />
      )}
      {editingAvatar && (
        <Suspense fallback={null}>
          <AvatarEditor
            taleforgeId={profile.taleforge_id}
            onClose={() => setEditingAvatar(false)}
          />
        </Suspense>
      )}
      {people && (
        <FollowListDialog
          taleforgeId={profile.taleforge_id}
          name={name}
          list={people}
          onClose={() => setPeople(null)}
        />
      )}
    </section>
  );
}

function VisitorInvite() {
  const { t } = useTranslation();
  return (
    <div className="profile-empty profile-empty--invite">
      <p className="profile-empty__title">{t('profile.visitorTitle')}</p>
      <p className="profile-empty__body">{t('profile.visitorBody')}</p>
      <button type="button" className="button button--gold" onClick={openLoginModal}>
        {t('profile.signIn')}
      </button>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="profile-page" aria-busy="true">
      <div className="profile-hero profile-hero--skeleton" aria-hidden="true">
        <div className="profile-avatar profile-avatar--large skeleton" />
        <div className="profile-hero__body">
          <div className="skeleton profile-skeleton__line profile-skeleton__line--name" />
          <div className="skeleton profile-skeleton__line" />
          <div className="skeleton profile-skeleton__line profile-skeleton__line--short" />
        </div>
      </div>
    </div>
  );
}
