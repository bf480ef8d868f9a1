import { type ChatEngine, LIMITS } from '@taleforge/contracts/constants';

/**
 * Gems a reply costs, decided by the engine that writes it: a model's reply costs SPEC §9's 10
 * gems; the offline engine's authored lines cost nothing to produce, so they cost the player
 * nothing either. The send charges it, conversation info shows it.
 */
export function replyPrice(engine: ChatEngine): number {
  return engine === 'offline' ? 0 : LIMITS.chatMessageGems;
}
