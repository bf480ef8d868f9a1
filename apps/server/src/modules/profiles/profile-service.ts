import type { CallData, Profile, profileWorksCall, UserInfo } from '@taleforge/contracts';
import {
  type Locale,
  PROFILE_TABS,
  type ProfileList,
  type ProfileTab,
} from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  findPublicUser,
  findPublicUserById,
  type PublicUser,
  setProfileFields,
} from '../auth/index.js';
import type { Moderator } from '../chat/index.js';
import { findGameCards, toGameCard } from '../games/index.js';
import type { MediaStore } from '../media/index.js';
import { countFollowers, countFollowing, listLikedGameIds } from '../social/index.js';
import { type CropRect, makeAvatarImages } from './avatar-image.js';
import {
  findProfileRow,
  listWorkIds,
  type ProfileChanges,
  type ProfileRow,
  sumWorkLikes,
  upsertProfileRow,
} from './queries.js';

export interface ProfileServiceDeps {
  db: Db;
  media: MediaStore;
  /** Where the media route serves a stored name, e.g. /taleforge/media. */
  mediaBase: string;
  moderator: Moderator;
  now: () => Date;
  log: FastifyBaseLogger;
}

type WorksPage = CallData<typeof profileWorksCall>;

const HIDE_COLUMN = { works: 'hideWorks', played: 'hidePlayed', liked: 'hideLiked' } as const;

interface Counts {
  likes: number;
  followers: number;
  following: number;
}

function toProfile(user: PublicUser, row: ProfileRow | null, counts: Counts): Profile {
  const large = row?.avatarLarge && user.avatar === row.avatarSmall ? row.avatarLarge : null;
  return {
    taleforge_id: user.publicId,
    nick_name: user.nickName,
    avatar: large ?? user.avatar,
    bio: row?.bio ?? '',
    follower_count: counts.followers,
    following_count: counts.following,
    like_count: counts.likes,
    is_visitor: user.isVisitor,
    hidden: {
      works: row?.hideWorks ?? false,
      played: row?.hidePlayed ?? false,
      liked: row?.hideLiked ?? false,
    },
  };
}

/** Profiles: reads anyone's, and changes the signed-in player's own (never a visitor's). */
export function createProfileService(deps: ProfileServiceDeps) {
  const { db, media, moderator, now, log } = deps;

  async function userByPublicId(publicId: string): Promise<PublicUser> {
    const user = await findPublicUser(db, publicId);
    if (!user) throw new AppError(STATUS.PROFILE_NOT_FOUND);
    return user;
  }

  /** The signed-in account, if it may change a profile: visitors sign in first. */
  async function editor(userId: number): Promise<PublicUser> {
    const user = await findPublicUserById(db, userId);
    if (!user) throw new AppError(STATUS.TOKEN_INVALID);
    if (user.isVisitor) throw new AppError(STATUS.PROFILE_SIGN_IN_FIRST);
    return user;
  }

  async function countsOf(userId: number): Promise<Counts> {
    const [likes, followers, following] = await Promise.all([
      sumWorkLikes(db, userId),
      countFollowers(db, userId),
      countFollowing(db, userId),
    ]);
    return { likes, followers, following };
  }

  async function profileOf(user: PublicUser): Promise<Profile> {
    const [row, counts] = await Promise.all([findProfileRow(db, user.id), countsOf(user.id)]);
    return toProfile(user, row, counts);
  }

  return {
    async read(publicId: string): Promise<Profile> {
      return profileOf(await userByPublicId(publicId));
    },

    async works(
      query: {
        taleforge_id: string;
        list: ProfileList;
        tab: ProfileTab;
        page: number;
        page_size: number;
      },
      viewerId: number | null,
      locale: Locale,
    ): Promise<WorksPage> {
      const user = await userByPublicId(query.taleforge_id);
      const { page, page_size } = query;
      const row = await findProfileRow(db, user.id);
      const hidden = row?.[HIDE_COLUMN[query.list]] ?? false;
      // The owner sees their hidden lists (marked hidden); everyone else gets an empty page.
      if (hidden && viewerId !== user.id) return { list: [], page, page_size, total: 0, hidden };
      const options = {
        userId: user.id,
        scriptTypes: PROFILE_TABS[query.tab],
        limit: page_size,
        offset: (page - 1) * page_size,
      };
      const { ids, total } =
        query.list === 'liked'
          ? await listLikedGameIds(db, options)
          : await listWorkIds(db, { ...options, list: query.list });
      const cards = await findGameCards(db, ids);
      const byId = new Map(cards.map((card) => [card.game.id, card]));
      const list = ids.flatMap((id) => {
        const card = byId.get(id);
        return card ? [toGameCard(card, locale)] : [];
      });
      return { list, page, page_size, total, hidden };
    },

    async setNickname(userId: number, nickName: string): Promise<UserInfo> {
      await editor(userId);
      const verdict = await moderator.check(nickName, 'input');
      if (!verdict.allowed) throw new AppError(STATUS.NICKNAME_BLOCKED);
      const info = await setProfileFields(db, userId, { nickName }, now());
      if (!info) throw new AppError(STATUS.TOKEN_INVALID);
      return info;
    },

    async update(
      userId: number,
      body: { bio?: string; hide_works?: boolean; hide_played?: boolean; hide_liked?: boolean },
    ): Promise<Profile> {
      const user = await editor(userId);
      if (body.bio) {
        const verdict = await moderator.check(body.bio, 'input');
        if (!verdict.allowed) throw new AppError(STATUS.BIO_BLOCKED);
      }
      const changes: ProfileChanges = {};
      if (body.bio !== undefined) changes.bio = body.bio;
      if (body.hide_works !== undefined) changes.hideWorks = body.hide_works;
      if (body.hide_played !== undefined) changes.hidePlayed = body.hide_played;
      if (body.hide_liked !== undefined) changes.hideLiked = body.hide_liked;
      const row = await upsertProfileRow(db, userId, changes, now());
      return toProfile(user, row, await countsOf(userId));
    },

    /**
     * A new avatar from an upload: checked and re-encoded first, so a refused file stores
     * nothing. Replaced avatars stay in the store: names are content hashes, so another player
     * may show the same bytes (decision 35).
     */
    async setAvatar(userId: number, bytes: Buffer, crop: CropRect): Promise<UserInfo> {
      await editor(userId);
      const images = await makeAvatarImages(bytes, crop);
      if (!images.ok) {
        throw new AppError(
          images.reason === 'crop_invalid' ? STATUS.AVATAR_CROP_INVALID : STATUS.AVATAR_NOT_IMAGE,
        );
      }
      let names: [string, string];
      try {
        names = await Promise.all([
          media.put(images.large, 'webp'),
          media.put(images.small, 'webp'),
        ]);
      } catch (error) {
        log.error({ err: error }, 'avatar could not be stored');
        throw new AppError(STATUS.AVATAR_SAVE_FAILED);
      }
      const [large, small] = names.map((name) => `${deps.mediaBase}/${name}`) as [string, string];
      const info = await db.transaction(async (tx) => {
        await upsertProfileRow(tx, userId, { avatarSmall: small, avatarLarge: large }, now());
        return setProfileFields(tx, userId, { avatar: small }, now());
      });
      if (!info) throw new AppError(STATUS.TOKEN_INVALID);
      return info;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
