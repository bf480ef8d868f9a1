import { loginNicknameSchema, passwordSchema } from '@taleforge/contracts';
import { describe, expect, it } from 'vitest';
import {
  validateCode,
  validateConfirm,
  validateEmail,
  validateInviteCode,
  validateNickname,
  validatePassword,
} from './validation';

describe('login form validation (SPEC §5)', () => {
  it('requires an email of a valid format', () => {
    expect(validateEmail('')).toEqual({ kind: 'required' });
    expect(validateEmail('   ')).toEqual({ kind: 'required' });
    for (const bad of ['plain', 'a@b', 'a@@b.co', 'a b@c.co', '@b.co', 'a@b.', 'a@.co']) {
      expect(validateEmail(bad)).toEqual({ kind: 'format' });
    }
    for (const good of ['a@b.co', ' reader@example.com ', 'first.last+tag@mail.example.jp']) {
      expect(validateEmail(good)).toBeNull();
    }
  });

  it('takes passwords of 6 to 20 characters', () => {
    expect(validatePassword('')).toEqual({ kind: 'required' });
    expect(validatePassword('12345')).toEqual({ kind: 'min', min: 6 });
    expect(validatePassword('123456')).toBeNull();
    expect(validatePassword('x'.repeat(20))).toBeNull();
    expect(validatePassword('x'.repeat(21))).toEqual({ kind: 'max', max: 20 });
    // Six characters even though some take two UTF-16 units.
    expect(validatePassword('🔑🔑🔑abc')).toBeNull();
    expect(validatePassword('🔑'.repeat(20))).toBeNull();
    expect(validatePassword('🔑'.repeat(21))).toEqual({ kind: 'max', max: 20 });
    expect(validatePassword('🔑🔑🔑')).toEqual({ kind: 'min', min: 6 });
  });

  it('wants the confirmation to be a valid password equal to the first', () => {
    expect(validateConfirm('', 'secret1')).toEqual({ kind: 'required' });
    expect(validateConfirm('abc', 'abc')).toEqual({ kind: 'min', min: 6 });
    expect(validateConfirm('secret2', 'secret1')).toEqual({ kind: 'mismatch' });
    expect(validateConfirm('secret1', 'secret1')).toBeNull();
  });

  it('requires the six-digit code', () => {
    expect(validateCode('')).toEqual({ kind: 'required' });
    expect(validateCode('12345')).toEqual({ kind: 'format' });
    expect(validateCode('12a456')).toEqual({ kind: 'format' });
    expect(validateCode(' 123456 ')).toBeNull();
  });

  it('takes login nicknames of 3 to 20 characters, trimmed', () => {
    expect(validateNickname('  ')).toEqual({ kind: 'required' });
    expect(validateNickname(' ab ')).toEqual({ kind: 'min', min: 3 });
    expect(validateNickname('Ada')).toBeNull();
    expect(validateNickname('n'.repeat(21))).toEqual({ kind: 'max', max: 20 });
    // The text policy (decision 50), as the server's schema asks it.
    expect(validateNickname('Adm\u202enimda')).toEqual({ kind: 'invisible' });
    expect(validateNickname('\u2066Ana\u2069')).toEqual({ kind: 'invisible' });
    expect(validateNickname('\u0301\u0301\u0301')).toEqual({ kind: 'required' });
    expect(validateNickname('ａｄｍｉｎ')).toEqual({ kind: 'reserved' });
    expect(validateNickname('Taleforge_Studio')).toEqual({ kind: 'reserved' });
    expect(validateNickname('山田たろう')).toBeNull();
  });

  it('requires an invite code', () => {
    expect(validateInviteCode(' ')).toEqual({ kind: 'required' });
    expect(validateInviteCode('TALE-1234')).toBeNull();
  });

  it('counts exactly as the server contract does', () => {
    const pieces = [
      'a',
      ' ',
      '🔑',
      'e\u0301',
      '\u200d',
      '\u202e',
      '\ud800',
      '👩‍💻',
      '字',
      'ａ',
      '\u0301',
    ];
    const samples = [''];
    for (let n = 1; n <= 24; n++)
      samples.push(
        Array.from({ length: n }, (_, i) => pieces[(i * 7 + n) % pieces.length]).join(''),
      );
    for (const value of samples) {
      expect(validatePassword(value) === null, JSON.stringify(value)).toBe(
        passwordSchema.safeParse(value).success,
      );
      // The server also refuses text the database cannot keep; the form leaves that to it.
      if (!/\ud800/.test(value))
        expect(validateNickname(value) === null, JSON.stringify(value)).toBe(
          loginNicknameSchema.safeParse(value).success,
        );
    }
  });
});
