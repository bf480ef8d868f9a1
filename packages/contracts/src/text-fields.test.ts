import { describe, expect, it } from 'vitest';
import { bindInviteCodeCall, loginCall, registerCall, userExistCall } from './calls/auth.js';
import { loginNicknameSchema, passwordSchema, profileNicknameSchema } from './text-fields.js';
import { checkCharacterCount, countCharacters } from './text-length.js';

const key = '🔑'; // one character, two UTF-16 units

describe('counting characters', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(countCharacters(key.repeat(3))).toBe(3);
    expect(countCharacters('e\u0301')).toBe(2); // a combining accent is a code point of its own
    expect(countCharacters('👩‍💻')).toBe(3); // woman, zero-width joiner, laptop
    expect(countCharacters('\ud800x')).toBe(2); // a lone surrogate counts as one
    expect(countCharacters('')).toBe(0);
  });

  it('says which limit a text breaks', () => {
    expect(checkCharacterCount(key.repeat(5), 6, 20)).toBe('min');
    expect(checkCharacterCount(key.repeat(6), 6, 20)).toBeNull();
    expect(checkCharacterCount(key.repeat(20), 6, 20)).toBeNull();
    expect(checkCharacterCount(key.repeat(21), 6, 20)).toBe('max');
    expect(checkCharacterCount('x'.repeat(5_000_000), 6, 20)).toBe('max');
  });
});

describe('length rules of SPEC §5, in characters', () => {
  const issue = (result: { success: boolean; error?: { issues: unknown[] } }) =>
    result.error?.issues[0];

  it('password: 6 to 20, so 20 emoji pass and 3 emoji do not', () => {
    expect(passwordSchema.safeParse(key.repeat(20)).success).toBe(true);
    expect(issue(passwordSchema.safeParse(key.repeat(21)))).toMatchObject({
      code: 'too_big',
      maximum: 20,
    });
    // Six UTF-16 units but three characters: too short, as the form says.
    expect(issue(passwordSchema.safeParse(key.repeat(3)))).toMatchObject({
      code: 'too_small',
      minimum: 6,
    });
    // Spaces are part of a password.
    expect(passwordSchema.parse('  ab  ')).toBe('  ab  ');
  });

  it('login nickname: 3 to 20 once trimmed', () => {
    expect(loginNicknameSchema.parse(`  ${key.repeat(20)}  `)).toBe(key.repeat(20));
    expect(loginNicknameSchema.safeParse(key.repeat(21)).success).toBe(false);
    expect(loginNicknameSchema.safeParse(' ab ').success).toBe(false);
    expect(loginNicknameSchema.safeParse(key.repeat(3)).success).toBe(true);
  });

  it('profile nickname: 2 to 30 once trimmed', () => {
    expect(profileNicknameSchema.safeParse(key.repeat(2)).success).toBe(true);
    expect(profileNicknameSchema.safeParse(key.repeat(30)).success).toBe(true);
    expect(profileNicknameSchema.safeParse(key.repeat(31)).success).toBe(false);
    expect(profileNicknameSchema.safeParse(` ${key} `).success).toBe(false);
  });

  it('keeps names with marks, refuses what the database cannot keep', () => {
    for (const ok of ['e\u0301e\u0301', "<b>'--"])
      expect(loginNicknameSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['ab\u0000c', 'ab\ud800c', 'abc\udfff'])
      expect(issue(loginNicknameSchema.safeParse(bad))).toMatchObject({ code: 'custom' });
  });

  it('the payloads use these rules', () => {
    const register = {
      email: 'a@example.com',
      ticket: '123456',
      pwd: key.repeat(20),
      pwd_: key.repeat(20),
      nick_name: key.repeat(20),
      oauth_enum: 'EMAIL',
      scene_type: 1,
      invite_code: 'ABCD2345',
    };
    expect(registerCall.body.safeParse(register).success).toBe(true);
    expect(registerCall.body.safeParse({ ...register, pwd: key.repeat(21) }).success).toBe(false);
    expect(registerCall.body.safeParse({ ...register, nick_name: key.repeat(21) }).success).toBe(
      false,
    );
    expect(registerCall.body.safeParse({ ...register, invite_code: 'AB\u0000' }).success).toBe(
      false,
    );
    expect(
      loginCall.body.safeParse({ oauth_enum: 'EMAIL', scene_type: 1, pwd: key.repeat(3) }).success,
    ).toBe(false);
    const bind = { oauth_enum: 'GOOGLE', scene_type: 1, invite_code: 'ABCD2345' };
    expect(bindInviteCodeCall.body.safeParse({ ...bind, nick_name: key.repeat(20) }).success).toBe(
      true,
    );
    expect(
      bindInviteCodeCall.body.safeParse({ ...bind, nick_name: 'Ana', avatar: 'x\u0000' }).success,
    ).toBe(false);
  });
});

describe('avatars', () => {
  it('are a web address or nothing: never a script, inline data or a path of ours', () => {
    const bind = { oauth_enum: 'GOOGLE', scene_type: 1, invite_code: 'ABCD2345', nick_name: 'Ana' };
    const takes = (avatar: string) =>
      bindInviteCodeCall.body.safeParse({ ...bind, avatar }).success &&
      loginCall.body.safeParse({ oauth_enum: 'GOOGLE', scene_type: 1, access_token: 't', avatar })
        .success;
    for (const ok of [
      '',
      'https://lh3.googleusercontent.com/a/x=s96-c',
      'http://cdn.example/a.png',
    ])
      expect(takes(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '/taleforge/api/auth/h5/user/logout',
      'https://localhost/x',
      `https://cdn.example/${'a'.repeat(2100)}`,
    ])
      expect(takes(bad), bad.slice(0, 40)).toBe(false);
  });
});

describe('email format', () => {
  it('takes odd but deliverable emails and refuses a domain label ending in a hyphen', () => {
    const exist = (email: string) => userExistCall.query.safeParse({ email }).success;
    for (const ok of ["o'brien+tag@mail.example.com", ' UPPER@X-Y.EXAMPLE ', 'a_b@1.io'])
      expect(exist(ok), ok).toBe(true);
    for (const bad of ['a@b-.com', 'a@x.b-.com', 'a@-b.com', '"q"@example.com', 'a..b@x.com'])
      expect(exist(bad), bad).toBe(false);
  });
});
