import type { Profile } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { PageMeta, PageMetaSource } from '../../platform/http/page-head.js';
import { findGameCards, toGameCard } from '../games/index.js';
import { previewCover } from '../play/index.js';
import { SHARE_TEXTS, SITE_NAME } from './share-texts.js';

const WORK = /^\/drama\/([1-9]\d{0,9})\/?$/;
const PROFILE = /^\/profile\/([A-Za-z0-9_-]{1,64})\/?$/;
/** Previews show about two lines; a longer description is cut at a character, not a byte. */
const DESCRIPTION_MAX = 200;

export interface SharePagesDeps {
  db: Db;
  /** PUBLIC_URL: every address in a preview is absolute on it, never on the Host header. */
  publicUrl: string;
  /** A player's public profile (modules/profiles), refusing an unknown id with 6101. */
  readProfile: (taleforgeId: string) => Promise<Profile>;
}

function clip(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= DESCRIPTION_MAX
    ? chars.join('')
    : `${chars.slice(0, DESCRIPTION_MAX - 1).join('')}…`;
}

/**
 * The link previews of works (`/drama/{id}`) and profiles (`/profile/{taleforge_id}`): only a
 * published work and a registered player's profile have their own; anything else shows the site's,
 * so a preview never tells an unpublished work or a visitor account apart from a missing one.
 */
export function createSharePages({ db, publicUrl, readProfile }: SharePagesDeps): PageMetaSource {
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, publicUrl).toString();

  async function work(id: number, locale: Locale): Promise<PageMeta | null> {
    const [row] = await findGameCards(db, [id]);
    if (!row) return null;
    const card = toGameCard(row, locale);
    return {
      title: card.title,
      description: clip(card.description || SHARE_TEXTS[locale].site),
      url: absolute(`/drama/${card.id}`),
      image: card.cover ? absolute(previewCover(card.cover)) : null,
      type: 'website',
      card: 'summary_large_image',
    };
  }

  async function profile(taleforgeId: string, locale: Locale): Promise<PageMeta | null> {
    let found: Profile;
    try {
      found = await readProfile(taleforgeId);
    } catch (error) {
      if (error instanceof AppError && error.status === STATUS.PROFILE_NOT_FOUND) return null;
      throw error;
    }
    if (found.is_visitor) return null;
    const name = found.nick_name || SHARE_TEXTS[locale].unnamed;
    return {
      title: name,
      description: clip(found.bio || SHARE_TEXTS[locale].profile(name)),
      url: absolute(`/profile/${found.taleforge_id}`),
      image: found.avatar ? absolute(found.avatar) : null,
      type: 'profile',
      card: 'summary',
    };
  }

  return {
    siteName: SITE_NAME,
    keyOf(pathname) {
      const workId = WORK.exec(pathname)?.[1];
      if (workId) return `drama:${workId}`;
      const publicId = PROFILE.exec(pathname)?.[1];
      // `/profile/me` is whoever looks at it: it has no one's preview.
      if (publicId && publicId !== 'me') return `profile:${publicId}`;
      return null;
    },
    load(key, locale) {
      const [kind, id] = key.split(':', 2) as [string, string];
      return kind === 'drama' ? work(Number(id), locale) : profile(id, locale);
    },
    fallback: (locale) => ({
      title: SITE_NAME,
      description: SHARE_TEXTS[locale].site,
      url: null,
      image: null,
      type: 'website',
      card: 'summary',
    }),
  };
}
