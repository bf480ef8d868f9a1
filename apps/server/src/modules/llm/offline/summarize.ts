import type { Locale } from '@taleforge/contracts/constants';
import { SUMMARY_MAX_CHARS, type SummaryRequest } from '../provider.js';

const LEAD: Record<Locale, string> = {
  en_US: 'The player said: ',
  zh_CN: '玩家说过：',
  ja_JP: 'プレイヤーの発言：',
};
const QUOTE: Record<Locale, [string, string]> = {
  en_US: ['“', '”'],
  zh_CN: ['“', '”'],
  ja_JP: ['「', '」'],
};
const ITEM_MAX = 80;

/**
 * The offline engine's memory: what the player said, quoted and shortened, newest kept when the
 * summary is full. The character's own lines are authored and need no remembering; the player's
 * words are what a goal and a story turn on.
 */
export function summarizeOffline({ locale, previous, turns }: SummaryRequest): string {
  const [open, close] = QUOTE[locale];
  const said = turns
    .filter((t) => t.role === 'player')
    .map((t) => t.text.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map(
      (t) =>
        `${open}${[...t].length > ITEM_MAX ? `${[...t].slice(0, ITEM_MAX - 1).join('')}…` : t}${close}`,
    );
  const earlier = previous.startsWith(LEAD[locale])
    ? previous.slice(LEAD[locale].length)
    : previous;
  const items = [...splitQuotes(earlier, open, close), ...said];
  while (items.length > 1 && LEAD[locale].length + items.join(' ').length > SUMMARY_MAX_CHARS) {
    items.shift();
  }
  return items.length ? `${LEAD[locale]}${items.join(' ')}`.slice(0, SUMMARY_MAX_CHARS) : '';
}

function splitQuotes(text: string, open: string, close: string): string[] {
  const items: string[] = [];
  let at = text.indexOf(open);
  while (at !== -1) {
    const end = text.indexOf(close, at + 1);
    if (end === -1) break;
    items.push(text.slice(at, end + 1));
    at = text.indexOf(open, end + 1);
  }
  return items;
}
