/** What a key does in the player; Escape belongs to the modal (it closes), so it is not here. */
export type PlayerKeyAction = 'toggle' | 'previous' | 'next' | 'back' | 'forward';

/** How far the left and right arrows seek. */
export const SEEK_STEP_MS = 5_000;

const KEYS: Record<string, PlayerKeyAction> = {
  ' ': 'toggle',
  k: 'toggle',
  K: 'toggle',
  ArrowUp: 'previous',
  ArrowDown: 'next',
  ArrowLeft: 'back',
  ArrowRight: 'forward',
};

/**
 * The action for a key press, or null when the focused control should keep it: a button takes
 * Space as its own click, a list or the seek bar take the arrows.
 */
export function playerKeyAction(
  key: string,
  target: { tagName: string; type?: string } | null,
  withModifier = false,
): PlayerKeyAction | null {
  if (withModifier) return null;
  const action = KEYS[key];
  if (!action || !target) return action ?? null;
  const tag = target.tagName.toLowerCase();
  if (tag === 'select' || tag === 'textarea') return null;
  // The seek bar keeps its arrows; Space does nothing there, so it still plays or pauses.
  if (tag === 'input') return target.type === 'range' && action === 'toggle' ? action : null;
  if ((tag === 'button' || tag === 'a') && key === ' ') return null;
  return action;
}
