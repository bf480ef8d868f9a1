import type { FeaturedPin } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { requireAdmin } from '../auth/index.js';
import {
  deletePin,
  findPin,
  findPinCandidate,
  firstPublishedStoryId,
  type PinRow,
  rankStoriesByRecentPlayers,
  writePin,
} from './featured-queries.js';

/**
 * How far back the home looks for a story's players: long enough that a good story published on
 * a quiet weekday can gather its readers, short enough that last month's favourite steps aside.
 */
export const FEATURED_WINDOW_DAYS = 7;

/**
 * A quiet week features what readers chose over this longer window, by the same count and minimum,
 * before falling back to the founding story.
 */
export const FEATURED_QUIET_WINDOW_DAYS = 90;

/**
 * The fewest distinct players a story needs in the window to be featured. One account (or one
 * person's visitor and account) is one player however often they replay, so no single person can
 * put a work in every visitor's hero; three asks for a few people who chose it.
 */
export const FEATURED_MIN_PLAYERS = 3;

/**
 * How many ranked stories the featured section carries: the browser shows the first one the
 * player is not already continuing, so someone who has read the winner gets the runner-up
 * rather than a shelf's first game, which no minimum protects.
 */
export const FEATURED_CANDIDATES = 3;

const DAY_MS = 86_400_000;

export interface FeaturedDeps {
  db: Db;
  now: () => Date;
  /** The pin changed what the home shows: drop cached homes here and on the other nodes. */
  onChanged: (gameId: number) => void;
}

/** The home's featured tale (docs/decisions/0049): the operator's pin, else the players' rule. */
export function createFeaturedService({ db, now, onChanged }: FeaturedDeps) {
  /** The pin as the operator sees it; in effect only while its work is a published story. */
  async function describe(pin: PinRow | null): Promise<FeaturedPin | null> {
    if (!pin) return null;
    const work = await findPinCandidate(db, pin.gameId);
    return {
      game_id: pin.gameId,
      pinned_at: pin.pinnedAt.toISOString(),
      in_effect: work !== null && isPinnable(work) === null,
    };
  }

  /** The operator's commands, for the admin routes and the CLI alike; `by` is null from the CLI. */
  const operator = {
    show: async () => ({ pin: await describe(await findPin(db)) }),

    /** A refusal (6701–6703) leaves any earlier pin in place. */
    async pin(gameId: number, by: number | null): Promise<{ pin: FeaturedPin }> {
      const pinnedAt = now();
      await db.transaction(async (tx) => {
        const work = await findPinCandidate(tx, gameId, { lock: true });
        const refusal = work ? isPinnable(work) : STATUS.FEATURED_WORK_NOT_FOUND;
        if (refusal !== null) throw new AppError(refusal);
        await writePin(tx, { gameId, pinnedBy: by, pinnedAt });
      });
      onChanged(gameId);
      return { pin: { game_id: gameId, pinned_at: pinnedAt.toISOString(), in_effect: true } };
    },

    async clear(): Promise<{ pin: null }> {
      const pin = await findPin(db);
      if (pin && (await deletePin(db))) onChanged(pin.gameId);
      return { pin: null };
    },
  };

  const admin = (userId: number) => requireAdmin(db, userId, STATUS.STUDIO_NOT_ADMIN);

  return {
    /**
     * The featured stories, best first: the pin while its work is on the site, then the stories
     * the most distinct players moved in the window (at least the minimum; the quiet window when
     * none did), then the first published story not already among them, so there is always one.
     * Ids only; the caller reads the cards, which drops any work that is off the site.
     */
    async candidates(): Promise<number[]> {
      const pin = await findPin(db);
      const ranked = async (days: number) =>
        rankStoriesByRecentPlayers(db, {
          since: new Date(now().getTime() - days * DAY_MS),
          minPlayers: FEATURED_MIN_PLAYERS,
          limit: FEATURED_CANDIDATES,
        });
      let chosen = await ranked(FEATURED_WINDOW_DAYS);
      if (chosen.length === 0) chosen = await ranked(FEATURED_QUIET_WINDOW_DAYS);
      const ids = [...new Set([...(pin ? [pin.gameId] : []), ...chosen])];
      const founding = await firstPublishedStoryId(db, { excludeIds: ids });
      if (founding !== null) ids.push(founding);
      return ids;
    },

    operator,

    /** The admin routes: the role is read at every call, so a revoked admin stops at once. */
    async current(userId: number) {
      await admin(userId);
      return operator.show();
    },
    async pin(userId: number, gameId: number) {
      await admin(userId);
      return operator.pin(gameId, userId);
    },
    async clear(userId: number) {
      await admin(userId);
      return operator.clear();
    },
  };
}

/** Why a work cannot be featured, or null when it can. */
export function isPinnable(work: {
  kind: string;
  publishedAt: Date | null;
  takenDownAt: Date | null;
}) {
  if (work.publishedAt === null || work.takenDownAt !== null) return STATUS.FEATURED_NOT_ON_SITE;
  if (work.kind !== 'story') return STATUS.FEATURED_NOT_A_STORY;
  return null;
}

export type FeaturedService = ReturnType<typeof createFeaturedService>;
