import { ITEM_KEYS, type ItemKey } from '@taleforge/contracts/constants';
import type { PlayerState } from '../../platform/db/schema/save-state.js';
import { MAX_HEALTH, MAX_MAGIC } from './state.js';

// Item names live in the browser's locale files under `items.<key>`.

export function isItemKey(key: string): key is ItemKey {
  return (ITEM_KEYS as readonly string[]).includes(key);
}

/**
 * What using an item does, from the inventory or through the story's `item_use` tag. Items only
 * the story asks for (the key, the cloak) have no effect of their own: an `item_use` tag on the
 * choice that needs them spends them, and they cannot be used loose.
 */
const EFFECTS: Partial<Record<ItemKey, (state: PlayerState) => void>> = {
  healing_potion: (s) => {
    s.stats.health = Math.min(MAX_HEALTH, s.stats.health + 50);
  },
  magic_scroll: (s) => {
    s.stats.magic = Math.min(MAX_MAGIC, s.stats.magic + 30);
  },
  enhanced_armor: (s) => {
    s.stats.defence = Math.max(s.stats.defence, 20);
  },
};

export function isUsableFromInventory(key: ItemKey): boolean {
  return EFFECTS[key] !== undefined;
}

/** Applies the item's effect and spends one; the caller has checked the player owns it. */
export function applyItem(state: PlayerState, key: ItemKey): void {
  EFFECTS[key]?.(state);
  removeItem(state, key);
}

export function removeItem(state: PlayerState, key: string): void {
  const left = (state.inventory[key] ?? 0) - 1;
  if (left > 0) state.inventory[key] = left;
  else delete state.inventory[key];
}
