import { createHash } from 'node:crypto';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { AppError } from '../../platform/http/app-error.js';

/**
 * Where a page of comments starts: which list it belongs to (`new` or `top` of a work, `replies`
 * of a comment), the sort key of the last item shown and its id. The check digits are not a
 * secret (comments are public): they tell an edited or truncated cursor, or one from another
 * list, from a real one, so it is refused instead of being read as the first page.
 */
export type CommentListKind = 'new' | 'top' | 'replies';

export interface CommentCursor {
  /** `new`: created_at in microseconds since the epoch; `top`: like_count; `replies`: 0. */
  key: bigint;
  id: number;
}

const KIND_CODE: Record<CommentListKind, string> = { new: 'n', top: 't', replies: 'r' };

const checkOf = (body: string) =>
  createHash('sha256').update(`comment-cursor|${body}`).digest('base64url').slice(0, 10);

export function encodeCommentCursor(
  kind: CommentListKind,
  scopeId: number,
  cursor: CommentCursor,
): string {
  const body = `${KIND_CODE[kind]}.${scopeId}.${cursor.key}.${cursor.id}`;
  return `${body}.${checkOf(body)}`;
}

const INVALID: Record<Locale, string> = {
  en_US: 'cursor: this page position does not belong to this list, reload the list',
  zh_CN: 'cursor：该分页位置不属于此列表，请重新加载列表',
  ja_JP: 'cursor：このページ位置はこの一覧のものではありません。一覧を読み込み直してください',
};

/** The position a cursor names, or 1001 when it was not made by this list (never "page one"). */
export function decodeCommentCursor(
  kind: CommentListKind,
  scopeId: number,
  text: string,
  locale: Locale,
): CommentCursor {
  const parts = text.split('.');
  const refuse = () => new AppError(STATUS.INVALID_PARAMS, INVALID[locale]);
  if (parts.length !== 5) throw refuse();
  const [code, scope, key, id, check] = parts as [string, string, string, string, string];
  const body = `${code}.${scope}.${key}.${id}`;
  if (check !== checkOf(body) || code !== KIND_CODE[kind] || scope !== String(scopeId)) {
    throw refuse();
  }
  if (!/^\d{1,20}$/.test(key) || !/^\d{1,15}$/.test(id)) throw refuse();
  return { key: BigInt(key), id: Number(id) };
}
