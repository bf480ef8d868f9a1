import { EXPRESSIONS, type Expression, type ItemKey } from '@taleforge/contracts/constants';
import {
  NPC_STAT_KEYS,
  type NpcStatKey,
  STAT_KEYS,
  type StatKey,
} from '../../platform/db/schema/save-state.js';
import { isItemKey } from './items.js';

/** A game effect carried by an ink tag. The vocabulary is documented in docs/story-tags.md. */
export type Tag =
  | { kind: 'translation'; locale: 'zh_CN' | 'ja_JP'; text: string }
  | { kind: 'speaker'; npc: string; expression: Expression }
  | { kind: 'portrait'; npc: string; expression: Expression }
  | { kind: 'scene'; key: string }
  | { kind: 'task_start'; key: string }
  | { kind: 'task_done'; key: string }
  | { kind: 'item_gain'; key: ItemKey; count: number }
  | { kind: 'item_use'; key: ItemKey }
  | { kind: 'stat'; stat: StatKey; delta: number }
  | { kind: 'npc_stat'; npc: string; stat: NpcStatKey; delta: number }
  | { kind: 'minigame'; game: 'puzzle' | 'dice' | 'word'; key: string }
  | { kind: 'chat'; npc: string; goal: string }
  | { kind: 'chapter_end' }
  /** Any tag outside the vocabulary (`title: …`, `CLASS: …`, `IMAGE: …`): passed to the page as written. */
  | { kind: 'other'; text: string };

export class TagError extends Error {}

const KEY = /^[a-z][a-z0-9_]{0,63}$/;
const DELTA = /^[+-]?\d{1,4}$/;

function key(value: string | undefined, what: string, tag: string): string {
  if (!value || !KEY.test(value)) throw new TagError(`"${tag}": ${what} must be a lower_snake key`);
  return value;
}

function delta(value: string | undefined, tag: string): number {
  if (!value || !DELTA.test(value)) throw new TagError(`"${tag}": amount must look like +5 or -10`);
  return Number(value);
}

/**
 * Reads one tag. A tag of our vocabulary that is malformed throws TagError with a message an
 * author can act on; any other tag is someone else's (an ink UI's, an author's note) and is kept.
 */
export function parseTag(raw: string): Tag {
  const tag = raw.trim();
  const colon = tag.indexOf(':');
  const name = colon < 0 ? tag : tag.slice(0, colon);
  const rest = colon < 0 ? '' : tag.slice(colon + 1);
  // Translations keep their text whole (it may contain colons).
  if (name === 'zh' || name === 'ja') {
    if (!rest.trim()) throw new TagError(`"${tag}": translation is empty`);
    return { kind: 'translation', locale: name === 'zh' ? 'zh_CN' : 'ja_JP', text: rest.trim() };
  }
  const args = rest ? rest.split(':').map((a) => a.trim()) : [];
  switch (name) {
    case 'speaker':
    case 'portrait': {
      const expression = (args[1] ?? 'normal') as Expression;
      if (!EXPRESSIONS.includes(expression)) {
        throw new TagError(`"${tag}": expression must be one of ${EXPRESSIONS.join(', ')}`);
      }
      const npc = key(args[0], name === 'speaker' ? 'speaker' : 'character', tag);
      // The player has no portrait: only a character can stand on the stage of a narrated line.
      if (name === 'portrait' && npc === 'player') {
        throw new TagError(`"${tag}": the player has no portrait`);
      }
      return { kind: name, npc, expression };
    }
    case 'scene':
      return { kind: 'scene', key: key(args[0], 'scene', tag) };
    case 'task_start':
    case 'task_done':
      return { kind: name, key: key(args[0], 'task', tag) };
    case 'item_gain':
    case 'item_use': {
      const item = key(args[0], 'item', tag);
      if (!isItemKey(item)) throw new TagError(`"${tag}": unknown item "${item}"`);
      if (name === 'item_use') return { kind: 'item_use', key: item };
      const count = args[1] === undefined ? 1 : delta(args[1], tag);
      if (count < 1) throw new TagError(`"${tag}": count must be positive`);
      return { kind: 'item_gain', key: item, count };
    }
    case 'stat': {
      const stat = args[0] as StatKey;
      if (!STAT_KEYS.includes(stat))
        throw new TagError(`"${tag}": stat must be one of ${STAT_KEYS.join(', ')}`);
      return { kind: 'stat', stat, delta: delta(args[1], tag) };
    }
    case 'npc_stat': {
      const stat = args[1] as NpcStatKey;
      if (!NPC_STAT_KEYS.includes(stat)) {
        throw new TagError(`"${tag}": NPC stat must be one of ${NPC_STAT_KEYS.join(', ')}`);
      }
      return { kind: 'npc_stat', npc: key(args[0], 'npc', tag), stat, delta: delta(args[2], tag) };
    }
    case 'minigame': {
      const game = args[0];
      if (game !== 'puzzle' && game !== 'dice' && game !== 'word') {
        throw new TagError(`"${tag}": mini-game must be puzzle, dice or word`);
      }
      return { kind: 'minigame', game, key: key(args[1], 'mini-game', tag) };
    }
    case 'chat':
      return { kind: 'chat', npc: key(args[0], 'npc', tag), goal: key(args[1], 'goal', tag) };
    case 'chapter_end':
      return { kind: 'chapter_end' };
    default:
      return { kind: 'other', text: raw };
  }
}
