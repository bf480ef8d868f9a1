import { createHash } from 'node:crypto';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { AppError } from '../../platform/http/app-error.js';

/**
 * Where a page of a social list starts: which list (a work's `new` or `top` comments, a comment's
 * `replies`, a player's `followers` or `following`, their `notifications`, the moderators'
 * `reported` comments and `support` reports), whose list it is (the
 * scope id), the sort key of the last item shown and its id. The check characters are not a
 * secret (the lists are public or the reader's own): they tell an edited or truncated cursor, or
 * one from another list, from a real one, so it is refused instead of being read as page one.
 */
export type PageList =
  | 'new'
  | 'top'
  | 'replies'
  | 'followers'
  | 'following'
  | 'notifications'
  | 'reported'
  | 'support';

export interface PagePosition {
  /**
   * `new`: created_at in microseconds since the epoch; `top`: like_count; follow lists: the
   * follow's time in milliseconds (written by the app's clock, so exact); `reported`: the open
   * report count and the first open report's time together (moderation-queries.ts); otherwise 0.
   */
  key: bigint;
  id: number;
}

const LIST_CODE: Record<PageList, string> = {
  new: 'n',
  top: 't',
  replies: 'r',
  followers: 'fr',
  following: 'fg',
  notifications: 'nt',
  reported: 'rq',
  support: 'sq',
};

const checkOf = (body: string) =>
  createHash('sha256').update(`page-cursor|${body}`).digest('base64url').slice(0, 10);

export function encodePageCursor(list: PageList, scopeId: number, at: PagePosition): string {
  const body = `${LIST_CODE[list]}.${scopeId}.${at.key}.${at.id}`;
  return `${body}.${checkOf(body)}`;
}

const INVALID: Record<Locale, string> = {
  en_US: 'cursor: this page position does not belong to this list, reload the list',
  zh_CN: 'cursor：该分页位置不属于此列表，请重新加载列表',
  ja_JP: 'cursor：このページ位置はこの一覧のものではありません。一覧を読み込み直してください',
};

/** The position a cursor names, or 1001 when this list did not make it (never "page one"). */
export function decodePageCursor(
  list: PageList,
  scopeId: number,
  text: string,
  locale: Locale,
): PagePosition {
  const parts = text.split('.');
  const refuse = () => new AppError(STATUS.INVALID_PARAMS, INVALID[locale]);
  if (parts.length !== 5) throw refuse();
  const [code, scope, key, id, check] = parts as [string, string, string, string, string];
  const body = `${code}.${scope}.${key}.${id}`;
  if (check !== checkOf(body) || code !== LIST_CODE[list] || scope !== String(scopeId)) {
    throw refuse();
  }
  if (!/^\d{1,20}$/.test(key) || !/^\d{1,15}$/.test(id)) throw refuse();
  return { key: BigInt(key), id: Number(id) };
}
