import { describe, expect, it } from 'vitest';
import { containsCardNumber, createWordlistModerator } from './moderation.js';

const moderator = createWordlistModerator();

describe('wordlist moderator', () => {
  it.each([
    ['kill yourself', 'self_harm'],
    ['just K Y S already', 'self_harm'],
    ['go k1ll y0urself', 'self_harm'],
    ['k.i.l.l yourself', 'self_harm'],
    ['你去死吧', 'self_harm'],
    ['お前なんか死ね', 'self_harm'],
    ['ＫＩＬＬ ＹＯＵＲＳＥＬＦ', 'self_harm'],
    ['send me child porn', 'sexual_minors'],
    ['児童ポルノ', 'sexual_minors'],
    ['my card is 4111 1111 1111 1111', 'personal_data'],
    ['4111-1111-1111-1111', 'personal_data'],
  ])('blocks %s as %s', async (text, category) => {
    expect(await moderator.check(text, 'input')).toEqual({ allowed: false, category });
  });

  it.each([
    'I will kill the dragon and take its gold!',
    'The pirates attacked the ship at dawn.',
    'Skills yourself? No, I trained for years.',
    'kiss me, captain',
    '我爱你',
    '嵐が来る',
    'Order 12345678901234 arrived',
    'Call me at 555 0100',
  ])('lets story talk through: %s', async (text) => {
    expect(await moderator.check(text, 'output')).toEqual({ allowed: true });
  });

  it('finds card numbers only when they pass the Luhn check', () => {
    expect(containsCardNumber('4111111111111111')).toBe(true);
    expect(containsCardNumber('4111111111111112')).toBe(false);
  });

  it('takes an operator list instead of the built-in one', async () => {
    const custom = createWordlistModerator({ hate: ['grimblewort'] });
    expect(await custom.check('you grimblewort', 'input')).toEqual({
      allowed: false,
      category: 'hate',
    });
    expect(await custom.check('kill yourself', 'input')).toEqual({ allowed: true });
  });
});
