/**
 * The page the browser says the player is on, read as a hint only: a work id here is looked up
 * (published, as its page would show it) before anything is said about it, and a page the site
 * does not have is no page at all.
 */
export type PageHint =
  | { kind: 'work'; workId: number }
  | { kind: 'wallet' }
  | { kind: 'payment' }
  | { kind: 'elsewhere' };

/** `/drama/{id}`: a story's play page or a series' page (decision 38). */
const WORK = /^\/drama\/([1-9]\d{0,14})\/?$/;

export function pageHintOf(page: string | null): PageHint {
  // The path only: a query (`?chat=3`) or fragment says nothing the assistant uses.
  const path = (page ?? '').split(/[?#]/, 1)[0] ?? '';
  const work = WORK.exec(path);
  if (work) return { kind: 'work', workId: Number(work[1]) };
  if (/^\/wallet\/?$/.test(path)) return { kind: 'wallet' };
  if (/^\/payment\/callback\/?$/.test(path)) return { kind: 'payment' };
  return { kind: 'elsewhere' };
}
