import { LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { cleanText, isBlank } from '@taleforge/contracts/text-policy';
import { AppError } from '../../platform/http/app-error.js';
import type { Moderator } from './moderation.js';

/**
 * The player's message as it will be stored, charged and sent: without the characters nobody
 * sees (controls, direction overrides, zero-width ones: the text policy, decision 50), trimmed,
 * Unicode-normalized,
 * at most `LIMITS.chatMessageMaxChars` characters (code points, so a Chinese or Japanese
 * message gets as many characters as an English one). Refused before anything is charged.
 */
export function checkMessageText(
  raw: string,
  maxChars: number = LIMITS.chatMessageMaxChars,
): string {
  const text = cleanText(raw).normalize('NFC').replace(/\r\n?/g, '\n');
  if (isBlank(text)) throw new AppError(STATUS.CHAT_MESSAGE_EMPTY);
  if ([...text].length > maxChars) {
    throw new AppError(STATUS.CHAT_MESSAGE_TOO_LONG);
  }
  return text;
}

/**
 * Everything a player's message must pass before a gem is spent or anything is stored: the
 * text checks above, then input moderation (5001, the same message whatever the category, so
 * the list cannot be probed word by word).
 */
export async function acceptPlayerMessage(raw: string, moderator: Moderator): Promise<string> {
  const text = checkMessageText(raw);
  const verdict = await moderator.check(text, 'input');
  if (!verdict.allowed) throw new AppError(STATUS.CHAT_MESSAGE_BLOCKED);
  return text;
}
