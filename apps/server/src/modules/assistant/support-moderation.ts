import type { CallData, moderationSupportCall } from '@taleforge/contracts';
import { type Locale, SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { requireAdmin } from '../auth/index.js';
import { decodePageCursor, encodePageCursor } from '../social/index.js';
import { closeReport, listOpenReports, reportExists } from './report-queries.js';

type SupportPage = CallData<typeof moderationSupportCall>;

/**
 * The moderators' side of support reports (decision 46): open ones oldest first, in the social
 * lists' pages and cursor; handling one closes it, once, whoever of two admins is first.
 */
export function createSupportModeration(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    async list(adminId: number, cursor: string | undefined, locale: Locale): Promise<SupportPage> {
      await requireAdmin(db, adminId);
      const after = cursor ? decodePageCursor('support', 0, cursor, locale) : null;
      const size = SOCIAL_LIMITS.pageSize;
      const rows = await listOpenReports(db, { afterId: after?.id ?? null, limit: size + 1 });
      const page = rows.slice(0, size);
      const last = page[page.length - 1];
      return {
        list: page.map((row) => ({
          id: row.id,
          player: {
            taleforge_id: row.player.publicId,
            nick_name: row.player.nickName ?? '',
            avatar: row.player.avatar,
          },
          description: row.description,
          conversation: row.conversation,
          locale: row.locale,
          created_at: row.createdAt.toISOString(),
        })),
        next_cursor:
          rows.length > size && last
            ? encodePageCursor('support', 0, { key: 0n, id: last.id })
            : null,
      };
    },

    async handle(adminId: number, reportId: number) {
      await requireAdmin(db, adminId);
      if (await closeReport(db, reportId, { by: adminId, at: now() })) {
        return { report_id: reportId, handled: true as const };
      }
      throw new AppError(
        (await reportExists(db, reportId))
          ? STATUS.MODERATION_ALREADY_HANDLED
          : STATUS.MODERATION_NOT_FOUND,
      );
    },
  };
}

export type SupportModeration = ReturnType<typeof createSupportModeration>;
