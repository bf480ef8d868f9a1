import parseRange from 'range-parser';
import type { ByteRange } from './media-store.js';

/**
 * One satisfiable range, null for the whole file (no Range, or an If-Range that no longer holds,
 * or any If-Range when the file has no ETag to compare it with).
 */
export function wantedRange(
  header: string | undefined,
  ifRange: string | string[] | undefined,
  etag: string | null,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return null;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  // Malformed, or several ranges at once (no player asks for that): the whole file, as RFC 9110
  // allows a server to answer.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return ranges[0]!;
}
