import { inviteCreateCall, inviteListCall } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import { defineRoute } from '../../platform/http/route.js';
import { countInviteCodes, createInviteCodes, type InviteRow, listInviteCodes } from './invites.js';

export function toInviteCode(row: InviteRow) {
  return {
    code: row.code,
    max_uses: row.maxUses,
    used_count: row.usedCount,
    expires_at: row.expiresAt?.toISOString() ?? null,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

function requireAdmin(auth: AuthContext): number {
  if (auth.role !== 'admin') throw new AppError(STATUS.FORBIDDEN);
  return auth.userId;
}

/** Customer service's API for invite codes; the same operations as `npm run invites`. */
export function registerInviteRoutes(app: FastifyInstance, db: Db): void {
  defineRoute(app, inviteCreateCall, async ({ body, auth }) => {
    const createdBy = requireAdmin(auth);
    const rows = await createInviteCodes(db, {
      count: body.count,
      uses: body.uses,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      note: body.note ?? null,
      createdBy,
    });
    return { codes: rows.map(toInviteCode) };
  });

  defineRoute(app, inviteListCall, async ({ query, auth }) => {
    requireAdmin(auth);
    const [rows, total] = await Promise.all([
      listInviteCodes(db, query.page_size, (query.page - 1) * query.page_size),
      countInviteCodes(db),
    ]);
    return {
      list: rows.map(toInviteCode),
      page: query.page,
      page_size: query.page_size,
      total,
    };
  });
}
