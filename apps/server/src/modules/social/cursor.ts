import { STATUS } from '@taleforge/contracts/status';
import { AppError } from '../../platform/http/app-error.js';

/**
 * Page positions, opaque to the browser: a prefix naming the list, then the last row's sort key.
 * Anything else (edited, cut short, from another list) is refused with 1001, never read as "the
 * start" — a wrong page that looks right is worse than a clear error.
 */

const MAX_ID = Number.MAX_SAFE_INTEGER;

function wholeNumber(text: string | undefined): number {
  if (!text || !/^\d{1,16}$/.test(text)) throw new AppError(STATUS.INVALID_PARAMS);
  const n = Number(text);
  if (n > MAX_ID) throw new AppError(STATUS.INVALID_PARAMS);
  return n;
}

/** A position by time then id: `<prefix>.<epoch ms>.<id>`. */
export interface TimeKey {
  at: Date;
  id: number;
}

export function encodeTimeCursor(prefix: string, key: TimeKey): string {
  return `${prefix}.${key.at.getTime()}.${key.id}`;
}

export function decodeTimeCursor(prefix: string, cursor: string | undefined): TimeKey | null {
  if (cursor === undefined) return null;
  const [head, ms, id, ...rest] = cursor.split('.');
  if (head !== prefix || rest.length > 0) throw new AppError(STATUS.INVALID_PARAMS);
  return { at: new Date(wholeNumber(ms)), id: wholeNumber(id) };
}

/** A position by id alone: `<prefix>.<id>`. */
export function encodeIdCursor(prefix: string, id: number): string {
  return `${prefix}.${id}`;
}

export function decodeIdCursor(prefix: string, cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const [head, id, ...rest] = cursor.split('.');
  if (head !== prefix || rest.length > 0) throw new AppError(STATUS.INVALID_PARAMS);
  return wholeNumber(id);
}
