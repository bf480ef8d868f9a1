import { describe, expect, it } from 'vitest';
import { assistantReportCall, assistantSendCall } from './calls/assistant.js';
import { bindInviteCodeCall, registerCall } from './calls/auth.js';
import { chatSendCall } from './calls/chat.js';
import { nicknameUpdateCall, profileUpdateCall } from './calls/profiles.js';
import { commentPostCall } from './calls/social.js';
import { studioWorkCreateCall, studioWorkUpdateCall } from './calls/studio.js';
import { STATUS } from './status.js';
import { freeText, loginNicknameSchema, nameText, profileNicknameSchema } from './text-fields.js';
import {
  cleanText,
  hasInvisible,
  isBlank,
  isReservedName,
  nameProblem,
  RESERVED_NAMES,
} from './text-policy.js';

const RLO = '\u202e';
const LRI = '\u2066';
const PDI = '\u2069';
const ZWSP = '\u200b';
const ZWNJ = '\u200c';
const ZWJ = '\u200d';
const BOM = '\ufeff';
const SHY = '\u00ad';
const HANGUL_FILLER = '\u3164';

/** The status a schema's first refusal carries, 'too_small' for an empty one, or null if taken. */
function refusal(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const result = schema.safeParse(v);
  if (result.success) return null;
  const issue = (result.error as { issues: { code: string; params?: { status?: number } }[] })
    .issues[0];
  return issue?.params?.status ?? issue?.code ?? 'unknown';
}

describe('the invisible characters', () => {
  it.each([
    ['right-to-left override', `Adm${RLO}nimda`],
    ['isolates', `${LRI}Ana${PDI}`],
    ['each bidi embedding and override', 'a\u202ab\u202bc\u202cd\u202de'],
    ['left-to-right mark', 'Ana\u200e'],
    ['right-to-left mark', 'Ana\u200f'],
    ['Arabic letter mark', 'Ana\u061c'],
    ['zero-width space', `Ta${ZWSP}na`],
    ['zero-width non-joiner', `Ta${ZWNJ}na`],
    ['zero-width joiner between letters', `Ta${ZWJ}na`],
    ['word joiner and invisible operators', 'Ta\u2060na\u2064'],
    ['byte order mark', `${BOM}Tana`],
    ['soft hyphen', `Ta${SHY}na`],
    ['Hangul filler', `${HANGUL_FILLER}${HANGUL_FILLER}${HANGUL_FILLER}`],
    ['braille blank', '\u2800\u2800\u2800'],
    ['a variation selector on a letter', 'Tana\ufe00'],
    ['a control character', 'Ta\u0007na'],
    ['a line break', 'Ta\nna'],
  ])('finds a %s in a name', (_what, name) => {
    expect(hasInvisible(name)).toBe(true);
    expect(nameProblem(name)).toBe('invisible');
  });

  it('keeps what is part of something visible', () => {
    for (const name of [
      '👩‍💻Ana', // woman, ZWJ, laptop
      '🏳️‍🌈 Kai', // flag, VS16, ZWJ, rainbow
      '👨🏽‍🦰 Rui', // skin tone before the joiner
      '1️⃣ Mia', // keycap
      '❤️ Lea', // emoji presentation
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Ewan', // subdivision flag made of tag characters
      '葛󠄀城', // a kanji with its ideographic variation selector
    ])
      expect(hasInvisible(name), name).toBe(false);
  });

  it('leaves names in every script alone', () => {
    for (const name of [
      '李小龍',
      '山田たろう',
      'José Müller',
      'Zoë',
      'Ольга',
      'Αλέξης',
      'محمد',
      'e\u0301',
    ])
      expect(nameProblem(name), name).toBeNull();
  });

  it('takes a text of nothing visible as empty', () => {
    for (const blank of ['', '   ', '\u0301\u0302', '\u3000\n\t'])
      expect(isBlank(blank)).toBe(true);
    expect(nameProblem('\u0301\u0301')).toBe('empty');
    expect(isBlank('a')).toBe(false);
  });

  it('cleans a text: the invisible go, line breaks, tabs and emoji stay', () => {
    expect(cleanText(`${ZWSP} ${ZWSP}`)).toBe('');
    expect(cleanText(`hi ${RLO}there${BOM}`)).toBe('hi there');
    expect(cleanText(`${LRI}a${PDI} b${SHY}c`)).toBe('a bc');
    expect(cleanText('line one\nline\ttwo\u0007')).toBe('line one\nline\ttwo');
    expect(cleanText(`👩‍💻 ok${ZWJ}`)).toBe('👩‍💻 ok');
    expect(cleanText('  plain  ')).toBe('plain');
  });
});

describe('reserved names', () => {
  it.each([
    ...RESERVED_NAMES,
    'Admin',
    'ADMINISTRATOR',
    'ａｄｍｉｎ', // full-width
    'аdmin', // Cyrillic а
    'АDМIN', // Cyrillic А and М
    'Αdmin', // Greek Alpha
    'adm1n',
    'Adm!n',
    'adrnin', // r n drawn as m
    'Ádmín', // accents
    'T4lef0rge',
    'TALEFORGE',
    'Tale\u200bforge', // a zero-width space inside
    'Taleforge Studio',
    'taleforge_studio',
    'Taleforge.Studio',
    'Moderator',
    'M0D',
    'Suppοrt', // Greek omicron
    'SYSTEM',
    '𝐚𝐝𝐦𝐢𝐧', // mathematical bold
  ])('refuses %s', (name) => {
    expect(isReservedName(name)).toBe(true);
  });

  it.each(['Admiral', 'Modern', 'Adminah Lee', 'Taleforger', 'Systema', 'Ana', '管理员', 'たろう'])(
    'takes %s',
    (name) => {
      expect(isReservedName(name)).toBe(false);
    },
  );
});

describe('the zod rules', () => {
  it('a name: trimmed, refused with its status when it hides something, empty when blank', () => {
    const name = nameText(1, 30);
    expect(name.parse('  Ana  ')).toBe('Ana');
    expect(refusal(name, `Adm${RLO}nimda`)).toBe(STATUS.TEXT_INVISIBLE);
    expect(refusal(name, `${LRI}Ana${PDI}`)).toBe(STATUS.TEXT_INVISIBLE);
    expect(refusal(name, `A${BOM}na`)).toBe(STATUS.TEXT_INVISIBLE);
    // A byte order mark at either end is trimmed, as JavaScript trims it, like a space.
    expect(name.parse(`${BOM}Ana${BOM}`)).toBe('Ana');
    expect(refusal(name, '\u0301')).toBe('too_small');
    // Reserved names are a nickname's rule only: a story may have a character called Admin.
    expect(name.parse('Admin')).toBe('Admin');
  });

  it('a nickname: the name rule and no reserved name', () => {
    for (const schema of [loginNicknameSchema, profileNicknameSchema]) {
      expect(refusal(schema, `Adm${RLO}nimda`)).toBe(STATUS.TEXT_INVISIBLE);
      expect(refusal(schema, `Tale${ZWSP}forge`)).toBe(STATUS.TEXT_INVISIBLE);
      expect(refusal(schema, 'ａｄｍｉｎ')).toBe(STATUS.NAME_RESERVED);
      expect(refusal(schema, 'аdmin')).toBe(STATUS.NAME_RESERVED);
      expect(refusal(schema, 'Taleforge Studio')).toBe(STATUS.NAME_RESERVED);
      expect(refusal(schema, `${HANGUL_FILLER.repeat(3)}`)).toBe(STATUS.TEXT_INVISIBLE);
      for (const ok of ['李小龍', '山田たろう', 'José', '👩‍💻Ana'])
        expect(schema.parse(ok)).toBe(ok);
    }
  });

  it('a free text: cleaned; nothing left is empty', () => {
    const comment = freeText(1, 500);
    expect(comment.parse(`  hi ${RLO}there  `)).toBe('hi there');
    expect(refusal(comment, `${ZWSP} ${ZWSP}`)).toBe('too_small');
    expect(refusal(comment, '\u0301')).toBe('too_small');
    expect(freeText(0, 160).parse(`${BOM}${SHY}`)).toBe('');
    // Counted after cleaning: 500 letters and invisible padding fit.
    expect(comment.parse(`${'a'.repeat(500)}${ZWSP.repeat(10)}`)).toHaveLength(500);
  });
});

describe('every field people see uses the policy', () => {
  const register = {
    email: 'a@example.com',
    ticket: '123456',
    pwd: 'secret1',
    pwd_: 'secret1',
    oauth_enum: 'EMAIL',
    scene_type: 1,
    invite_code: 'ABCD2345',
  };

  it('nicknames: registration, first sign-in, profile', () => {
    expect(refusal(registerCall.body, { ...register, nick_name: `Adm${RLO}nimda` })).toBe(
      STATUS.TEXT_INVISIBLE,
    );
    expect(refusal(registerCall.body, { ...register, nick_name: 'Administrator' })).toBe(
      STATUS.NAME_RESERVED,
    );
    const bind = { oauth_enum: 'GOOGLE', scene_type: 1, invite_code: 'ABCD2345' };
    expect(refusal(bindInviteCodeCall.body, { ...bind, nick_name: `${ZWSP}Ana` })).toBe(
      STATUS.TEXT_INVISIBLE,
    );
    expect(refusal(bindInviteCodeCall.body, { ...bind, nick_name: 'Mоderator' })).toBe(
      STATUS.NAME_RESERVED,
    );
    expect(refusal(nicknameUpdateCall.body, { nick_name: `${LRI}Ana${PDI}` })).toBe(
      STATUS.TEXT_INVISIBLE,
    );
    expect(refusal(nicknameUpdateCall.body, { nick_name: 'Support' })).toBe(STATUS.NAME_RESERVED);
  });

  it('bio and comments are cleaned; a comment of nothing visible is empty', () => {
    expect(profileUpdateCall.body.parse({ bio: `I write${RLO} ${SHY}stories` }).bio).toBe(
      'I write stories',
    );
    const post = { game_id: 1, body: `${ZWSP} ${ZWSP}` };
    expect(refusal(commentPostCall.body, post)).toBe('too_small');
    expect(commentPostCall.body.parse({ ...post, body: `Nice${BOM}!` }).body).toBe('Nice!');
  });

  it('studio titles, character names, chapter titles and tags refuse; descriptions are cleaned', () => {
    expect(
      refusal(studioWorkCreateCall.body, {
        title: { en_US: `Tale${RLO}s` },
        script_type: 'mystery',
      }),
    ).toBe(STATUS.TEXT_INVISIBLE);
    const update = (change: object) => ({ id: 1, revision: 0, ...change });
    expect(refusal(studioWorkUpdateCall.body, update({ title: { ja_JP: `物語${ZWSP}` } }))).toBe(
      STATUS.TEXT_INVISIBLE,
    );
    expect(refusal(studioWorkUpdateCall.body, update({ tags: [`tag${SHY}`] }))).toBe(
      STATUS.TEXT_INVISIBLE,
    );
    const character = {
      key: 'ana',
      name: { en_US: `A${LRI}na` },
      persona: {},
      greeting: {},
      face: {
        skin: '#aa8866',
        hair: '#221100',
        hairStyle: 'short',
        eyes: '#000000',
        accent: '#ff0000',
      },
    };
    expect(refusal(studioWorkUpdateCall.body, update({ characters: [character] }))).toBe(
      STATUS.TEXT_INVISIBLE,
    );
    const chapter = { title: { en_US: `O${BOM}ne` }, file: 'main.ink', price_gems: 0 };
    expect(refusal(studioWorkUpdateCall.body, update({ chapters: [chapter] }))).toBe(
      STATUS.TEXT_INVISIBLE,
    );
    const described = studioWorkUpdateCall.body.parse(
      update({ description: { en_US: `A tale${RLO} of${ZWSP} two` } }),
    );
    expect(described.description?.en_US).toBe('A tale of two');
  });

  it('chat and assistant messages and reports are cleaned', () => {
    const chat = {
      game_id: 1,
      npc_id: 1,
      client_message_id: '6f1c2f9e-8a37-4f6b-9a51-1d2c3b4a5e6f',
      text: `hello${RLO} there`,
    };
    expect(chatSendCall.body.parse(chat).text).toBe('hello there');
    expect(chatSendCall.body.parse({ ...chat, text: `${ZWSP}${ZWSP}` }).text).toBe('');
    const ask = {
      client_message_id: chat.client_message_id,
      text: `${LRI}where is my save${PDI}`,
      source: 'text',
    };
    expect(assistantSendCall.body.parse(ask).text).toBe('where is my save');
    const report = {
      client_report_id: chat.client_message_id,
      description: `It broke${BOM}`,
      include_conversation: false,
    };
    expect(assistantReportCall.body.parse(report).description).toBe('It broke');
  });
});
