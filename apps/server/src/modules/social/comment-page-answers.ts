import type { commentListCall } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { LRUCache } from 'lru-cache';
import type { ResponseWriter } from '../../platform/http/response-writer.js';
import { WrittenAnswer } from '../../platform/http/written-answer.js';
import {
  type CommentPage,
  type CommentPageView,
  mayDelete,
  toCommentPage,
} from './comment-view.js';

type ListCall = typeof commentListCall;

/**
 * A comment's two viewer flags as the contract's writer puts them, indexed by a pattern digit
 * (1: liked, 2: may delete). In JSON text every quote inside a string is escaped, so the
 * unescaped sequence can only be the keys themselves, once per comment, in the page's order.
 */
const FLAGS = [
  '"liked":false,"can_delete":false',
  '"liked":true,"can_delete":false',
  '"liked":false,"can_delete":true',
  '"liked":true,"can_delete":true',
] as const;
const NOBODY = FLAGS[0];

/** A first page written as nobody sees it, cut around each comment's flags. */
interface Template {
  key: string;
  parts: string[];
  nobody: WrittenAnswer<ListCall>;
}

/**
 * The answers are small (a 20-comment page is ~6 KB, 25 KB at most) and a page lives five
 * seconds, so 16 MB holds every page read within a lifetime with each viewer pattern read on it.
 */
const MAX_ENTRIES = 20_000;
const MAX_BYTES = 16 * 2 ** 20;
// The text in its parts, its bytes and what is compressed of them: a bound, not an account.
const sizeOf = (entry: Template | WrittenAnswer<ListCall>) =>
  entry instanceof WrittenAnswer ? 2 * entry.identity.length : 4 * entry.nobody.identity.length;

function cut(text: string, rows: number): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let at = text.indexOf(NOBODY); at !== -1; at = text.indexOf(NOBODY, from)) {
    parts.push(text.slice(from, at));
    from = at + NOBODY.length;
  }
  parts.push(text.slice(from));
  // Only a contract that moved or renamed the flags gets here: every comment read then fails
  // loudly, in the first test that reads a page, instead of answering wrong flags.
  if (parts.length !== rows + 1) throw new Error('comment page: the viewer flags were not found');
  return parts;
}

/** Each comment's flags for the viewer as a digit; null when they are nobody's. */
function patternOf(view: CommentPageView): string | null {
  const { page, work, liked, viewerId } = view;
  let pattern = '';
  let anything = false;
  for (const row of page.rows) {
    const digit =
      (liked.has(row.id) ? 1 : 0) + (mayDelete(row.authorId, work.creatorId, viewerId) ? 2 : 0);
    anything ||= digit !== 0;
    pattern += digit;
  }
  return anything ? pattern : null;
}

function splice(parts: readonly string[], pattern: string): string {
  let text = parts[0]!;
  for (let i = 0; i < pattern.length; i += 1) {
    text += FLAGS[pattern.charCodeAt(i) - 48] + parts[i + 1]!;
  }
  return text;
}

/**
 * The first page of comments written once per lifetime (decision 36, "Caching"): the shared
 * page's text as nobody sees it is written through the contract's writer once per page, language
 * and count, and a viewer's own flags (their likes, what they may delete) are spliced into it.
 * Viewers whose flags are all false — every reader who liked none of the page and wrote none of
 * it — get the shared bytes; a viewer with flags gets bytes kept per page and flag pattern, so
 * nobody's flags reach anybody whose own differ. A later page is written per request as before.
 */
export function createCommentPageAnswers(write: ResponseWriter<ListCall>) {
  // Made on first use: it sets aside room for every entry it may hold as it is made (tens of
  // milliseconds at this size), which an app that never serves this read need not pay for.
  let made: LRUCache<string, Template | WrittenAnswer<ListCall>> | undefined;
  const kept = () =>
    (made ??= new LRUCache<string, Template | WrittenAnswer<ListCall>>({
      max: MAX_ENTRIES,
      maxSize: MAX_BYTES,
      sizeCalculation: sizeOf,
    }));
  // A page object is the read cache's for one lifetime: a new one is a new page.
  const pageIds = new WeakMap<object, number>();
  let lastPageId = 0;

  function templateOf(view: CommentPageView, locale: Locale): Template {
    let pageId = pageIds.get(view.page);
    if (pageId === undefined) {
      pageId = ++lastPageId;
      pageIds.set(view.page, pageId);
    }
    const key = `${pageId}|${locale}|${view.work.commentCount}|${view.work.creatorId}`;
    const hit = kept().get(key);
    if (hit && !(hit instanceof WrittenAnswer)) return hit;
    const text = write(toCommentPage({ ...view, liked: new Set(), viewerId: null }), locale);
    const template = {
      key,
      parts: cut(text, view.page.rows.length),
      nobody: new WrittenAnswer<ListCall>(text),
    };
    kept().set(key, template);
    return template;
  }

  return {
    answer(view: CommentPageView, locale: Locale): CommentPage | WrittenAnswer<ListCall> {
      if (!view.shared) return toCommentPage(view);
      const template = templateOf(view, locale);
      const pattern = patternOf(view);
      if (pattern === null) return template.nobody;
      const key = `${template.key}|${pattern}`;
      const hit = kept().get(key);
      if (hit instanceof WrittenAnswer) return hit;
      const answer = new WrittenAnswer<ListCall>(splice(template.parts, pattern));
      kept().set(key, answer);
      return answer;
    },
  };
}
