import type { Profile } from '@taleforge/contracts';
import {
  PROFILE_LISTS,
  PROFILE_TAB_KEYS,
  type ProfileList,
  type ProfileTab,
} from '@taleforge/contracts/constants';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../shared/ui/toast/toast-store';
import { GameCard, GameCardSkeleton } from '../home/game-card';
import { CreateButton } from '../studio-entry/create-entry';
import { useProfileWorks, useUpdateProfile } from './profile-api';
import { EyeIcon, LockIcon } from './profile-icons';

const HIDE_FIELD = { works: 'hide_works', played: 'hide_played', liked: 'hide_liked' } as const;

/** Arrow keys move between tabs (WAI-ARIA tabs pattern); Home and End jump to the ends. */
function useRovingTabs<T extends string>(keys: readonly T[], select: (key: T) => void) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, current: T) => {
    const at = keys.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? keys[(at + 1) % keys.length]
        : event.key === 'ArrowLeft'
          ? keys[(at - 1 + keys.length) % keys.length]
          : event.key === 'Home'
            ? keys[0]
            : event.key === 'End'
              ? keys[keys.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    refs.current.get(next)?.focus();
  };
  const ref = (key: T) => (node: HTMLButtonElement | null) => {
    if (node) refs.current.set(key, node);
    else refs.current.delete(key);
  };
  return { onKeyDown, ref };
}

/** Works, played and liked, each over the SPEC's genre tabs; the owner hides or shows each list. */
export function ProfileLists({ profile, own }: { profile: Profile; own: boolean }) {
  const { t } = useTranslation();
  const [list, setList] = useState<ProfileList>('works');
  const [tab, setTab] = useState<ProfileTab>('all');
  const baseId = useId();
  const listTabs = useRovingTabs(PROFILE_LISTS, setList);
  const genreTabs = useRovingTabs(PROFILE_TAB_KEYS, setTab);
  const works = useProfileWorks(profile.taleforge_id, list, tab);
  const update = useUpdateProfile(profile.taleforge_id);
  const hidden = profile.hidden[list];
  const name = profile.nick_name || t('profile.unnamed');
  const panelId = `${baseId}-panel`;

  const toggleHidden = () =>
    update.mutate(
      { [HIDE_FIELD[list]]: !hidden },
      { onError: () => toast.error(t('profile.saveFailed')) },
    );

  return (
    <section className="profile-lists">
      <div className="profile-lists__bar">
        <div role="tablist" aria-label={t('profile.listsLabel')} className="profile-segments">
          {PROFILE_LISTS.map((key) => (
            <button
              key={key}
              ref={listTabs.ref(key)}
              type="button"
              role="tab"
              id={`${baseId}-list-${key}`}
              aria-selected={key === list}
              aria-controls={panelId}
              tabIndex={key === list ? 0 : -1}
              className="profile-segments__tab"
              onClick={() => setList(key)}
              onKeyDown={(event) => listTabs.onKeyDown(event, key)}
            >
              {t(`profile.lists.${key}`)}
            </button>
          ))}
        </div>
        {own && (
          <button
            type="button"
            className="button button--ghost button--small profile-visibility"
            aria-pressed={hidden}
            onClick={toggleHidden}
            disabled={update.isPending}
          >
            {hidden ? <LockIcon size={16} /> : <EyeIcon size={16} />}
            {hidden ? t('profile.show') : t('profile.hide')}
          </button>
        )}
      </div>
      {own && hidden && (
        <p className="profile-lists__note">
          <LockIcon size={14} />
          {t('profile.hiddenBadge')}
        </p>
      )}
      <div role="tablist" aria-label={t('profile.tabsLabel')} className="profile-genres">
        {PROFILE_TAB_KEYS.map((key) => (
          <button
            key={key}
            ref={genreTabs.ref(key)}
            type="button"
            role="tab"
            aria-selected={key === tab}
            aria-controls={panelId}
            tabIndex={key === tab ? 0 : -1}
            className="chip profile-genres__tab"
            onClick={() => setTab(key)}
            onKeyDown={(event) => genreTabs.onKeyDown(event, key)}
          >
            {t(`profile.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${baseId}-list-${list}`}
        aria-busy={works.isFetching}
        className="profile-lists__panel"
      >
        <ListBody
          own={own}
          name={name}
          list={list}
          tab={tab}
          works={works}
          hiddenFromViewer={!own && hidden}
        />
      </div>
    </section>
  );
}

function ListBody(props: {
  own: boolean;
  name: string;
  list: ProfileList;
  tab: ProfileTab;
  works: ReturnType<typeof useProfileWorks>;
  hiddenFromViewer: boolean;
}) {
  const { t } = useTranslation();
  const { own, name, list, tab, works } = props;
  if (props.hiddenFromViewer) {
    return (
      <div className="profile-empty">
        <LockIcon size={28} />
        <p className="profile-empty__title">{t('profile.hiddenFromOthers', { name })}</p>
      </div>
    );
  }
  if (works.isPending) {
    return (
      <div className="profile-grid">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <GameCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (works.isError) {
    return (
      <div className="profile-empty">
        <p className="profile-empty__title">{t('profile.loadFailed')}</p>
        <button type="button" className="button button--ghost" onClick={() => void works.refetch()}>
          {t('profile.retry')}
        </button>
      </div>
    );
  }
  const games = works.data.pages.flatMap((page) => page.list);
  if (games.length === 0) return <EmptyList own={own} name={name} list={list} tab={tab} />;
  return (
    <>
      <div className="profile-grid">
        {games.map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </div>
      {works.hasNextPage && (
        <div className="profile-more">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void works.fetchNextPage()}
            disabled={works.isFetchingNextPage}
          >
            {works.isFetchingNextPage ? t('profile.loading') : t('profile.more')}
          </button>
        </div>
      )}
    </>
  );
}

function EmptyList({
  own,
  name,
  list,
  tab,
}: {
  own: boolean;
  name: string;
  list: ProfileList;
  tab: ProfileTab;
}) {
  const { t } = useTranslation();
  if (tab !== 'all') {
    return (
      <div className="profile-empty">
        <p className="profile-empty__title">
          {t('profile.empty.tab', { tab: t(`profile.tabs.${tab}`) })}
        </p>
      </div>
    );
  }
  return (
    <div className="profile-empty">
      <p className="profile-empty__title">
        {own ? t(`profile.empty.${list}Own`) : t(`profile.empty.${list}`, { name })}
      </p>
      {own && <p className="profile-empty__body">{t(`profile.empty.${list}OwnBody`)}</p>}
      {own && list === 'works' ? (
        <div className="profile-empty__actions">
          <CreateButton
            className="button button--gold create-entry--inline"
            iconSize={18}
            label={t('create.first')}
          />
          <Link to="/For_You" className="button button--ghost">
            {t('profile.empty.explore')}
          </Link>
        </div>
      ) : (
        <Link to="/For_You" className="button button--gold">
          {t('profile.empty.explore')}
        </Link>
      )}
    </div>
  );
}
