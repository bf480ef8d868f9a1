import { LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import { acceptPlayerMessage, checkMessageText } from './message-text.js';
import { createWordlistModerator } from './moderation.js';

function statusOf(text: string): number | null {
  try {
    checkMessageText(text);
    return null;
  } catch (error) {
    return error instanceof AppError ? error.status : -1;
  }
}

describe('checkMessageText', () => {
  it('trims, normalizes line breaks and keeps the rest as typed', () => {
    expect(checkMessageText('  Hello,\r\ncaptain!\t ')).toBe('Hello,\ncaptain!');
    expect(checkMessageText('cafe\u0301')).toBe('café');
  });

  it('drops what nobody sees, so the message reads as it shows', () => {
    expect(checkMessageText('\u202egnp.exe')).toBe('gnp.exe');
    expect(checkMessageText('hi\u0000 there\u001b')).toBe('hi there');
    expect(checkMessageText('a\u200bb\u2066c\u2069')).toBe('abc');
    expect(checkMessageText('👩‍💻 done')).toBe('👩‍💻 done');
  });

  it.each([
    ['', STATUS.CHAT_MESSAGE_EMPTY],
    [' \n\t ', STATUS.CHAT_MESSAGE_EMPTY],
    ['a'.repeat(LIMITS.chatMessageMaxChars + 1), STATUS.CHAT_MESSAGE_TOO_LONG],
    ['\u200b \u200b', STATUS.CHAT_MESSAGE_EMPTY],
    ['\u202e\u2066\ufeff', STATUS.CHAT_MESSAGE_EMPTY],
  ])('refuses %j with %i', (text, status) => {
    expect(statusOf(text)).toBe(status);
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(statusOf('龍'.repeat(LIMITS.chatMessageMaxChars))).toBeNull();
    expect(statusOf('😀'.repeat(LIMITS.chatMessageMaxChars))).toBeNull();
  });
});

describe('acceptPlayerMessage', () => {
  const moderator = createWordlistModerator();

  it('passes a story message through, checked and trimmed', async () => {
    await expect(acceptPlayerMessage('  I will find the map!  ', moderator)).resolves.toBe(
      'I will find the map!',
    );
  });

  it('refuses what moderation blocks with one status for every category', async () => {
    for (const text of ['kill yourself', '4111 1111 1111 1111', '児童ポルノ']) {
      const error = await acceptPlayerMessage(text, moderator).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(STATUS.CHAT_MESSAGE_BLOCKED);
    }
  });

  it('checks the text before asking the moderator', async () => {
    let asked = 0;
    const counting = {
      check: async () => {
        asked += 1;
        return { allowed: true as const };
      },
    };
    await acceptPlayerMessage('', counting).catch(() => null);
    expect(asked).toBe(0);
  });
});
