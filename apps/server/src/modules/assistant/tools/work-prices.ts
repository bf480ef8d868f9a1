import type { GameCard } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { say } from '../localized.js';
import type { ChapterPart } from '../readers.js';

const TEXTS = {
  allFree: {
    en_US: 'All {count} {unit} of {title} are free.',
    zh_CN: '《{title}》的全部 {count} {unit}都是免费的。',
    ja_JP: '「{title}」の{unit}は全 {count} 本とも無料です。',
  },
  someFree: {
    en_US:
      '{title} has {count} {unit}: {free} free, the others {price} gems each; you have unlocked {unlocked} of those.',
    zh_CN:
      '《{title}》共 {count} {unit}，其中 {free} {unit}免费，其余每{one}{price} 宝石；你已解锁其中 {unlocked} {unit}。',
    ja_JP:
      '「{title}」の{unit}は全 {count} 本で、{free} 本が無料、ほかは 1 本 {price} ジェムです。そのうち {unlocked} 本を解放済みです。',
  },
  none: {
    en_US: '{title} has nothing to play yet.',
    zh_CN: '《{title}》还没有可以玩的内容。',
    ja_JP: '「{title}」にはまだ遊べる内容がありません。',
  },
  unit: {
    story: { en_US: 'chapters', zh_CN: '章', ja_JP: 'チャプター' },
    series: { en_US: 'episodes', zh_CN: '集', ja_JP: 'エピソード' },
  },
  one: {
    story: { en_US: 'chapter', zh_CN: '章', ja_JP: 'チャプター' },
    series: { en_US: 'episode', zh_CN: '集', ja_JP: 'エピソード' },
  },
} as const;

/** "chapters" or "episodes" in the reader's language. */
export const unitOf = (card: GameCard, locale: Locale, one = false) =>
  (one ? TEXTS.one : TEXTS.unit)[card.kind][locale];

/** A price, or the cheapest and dearest when they differ ("30" / "20–50"). */
function priceRange(parts: ChapterPart[]): string {
  const prices = parts.map((p) => p.price_gems);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? String(low) : `${low}–${high}`;
}

/** What a work's chapters or episodes cost this player, as its page lists them. */
export function workPrices(card: GameCard, parts: ChapterPart[], locale: Locale) {
  const paid = parts.filter((p) => p.price_gems > 0);
  const slots = { title: card.title, count: parts.length, unit: unitOf(card, locale) };
  const facts = {
    parts: parts.length,
    free: parts.length - paid.length,
    paid: paid.map((p) => ({ number: p.number, price_gems: p.price_gems, unlocked: p.unlocked })),
  };
  if (parts.length === 0) return { facts, say: say(TEXTS.none, locale, slots), locked: false };
  if (paid.length === 0) return { facts, say: say(TEXTS.allFree, locale, slots), locked: false };
  const unlocked = paid.filter((p) => p.unlocked).length;
  return {
    facts,
    say: say(TEXTS.someFree, locale, {
      ...slots,
      one: unitOf(card, locale, true),
      free: parts.length - paid.length,
      price: priceRange(paid),
      unlocked,
    }),
    locked: unlocked < paid.length,
  };
}
