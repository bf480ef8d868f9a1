import { LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { AppError } from '../../platform/http/app-error.js';
import type { Moderator } from './moderation.js';

// Control characters (C0 and C1) other than tab and line breaks, and the invisible direction
// overrides that can make a message read differently from what it says.
const CONTROL = /\p{Cc}/u;
const DIRECTION_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/u;

function hasForbiddenCharacters(text: string): boolean {
  return CONTROL.test(text.replace(/[\t\n\r]/g, '')) || DIRECTION_OVERRIDES.test(text);
}

/**
 * The player's message as it will be stored, charged and sent: trimmed, Unicode-normalized,
 * at most `LIMITS.chatMessageMaxChars` characters (code points, so a Chinese or Japanese
 * message gets as many characters as an English one). Refused before anything is charged.
 */
export function checkMessageText(
  raw: string,
  maxChars: number = LIMITS.chatMessageMaxChars,
): string {
  if (hasForbiddenCharacters(raw)) throw new AppError(STATUS.CHAT_MESSAGE_BAD_CHARACTERS);
  const text = raw.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  if (!text) throw new AppError(STATUS.CHAT_MESSAGE_EMPTY);
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
