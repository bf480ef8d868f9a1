import { STATUS } from '@taleforge/contracts/status';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture, refusal } from '../../../../test/support/studio-import.js';
import { importCard } from './card-import.js';
import { addPngText, readPngText } from './png-text.js';

const V3 = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    name: 'Mira Vale',
    description: 'A lighthouse keeper who collects storms.',
    personality: 'Wry, patient.',
    scenario: 'A night of gales.',
    first_mes: 'Shut the door, the wind bites.',
    mes_example: '<START>\n{{char}}: Tea?',
    alternate_greetings: ['Oh. You again.'],
    tags: ['sea'],
    creator: 'someone',
    nickname: 'Mira',
    extensions: { depth_prompt: { depth: 4, prompt: 'x' } },
  },
};

const json = (card: unknown) => Buffer.from(JSON.stringify(card));
const b64 = (card: unknown) => Buffer.from(JSON.stringify(card)).toString('base64');
const blankPng = () =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
    .png()
    .toBuffer();

describe('importing a character card', () => {
  it('reads a V2 card in a PNG made by another tool', () => {
    const { character } = importCard(fixture('cards/Skynet_v2.png'));
    expect(character.key).toBe('skynet');
    expect(character.name).toEqual({ en_US: 'Skynet' });
    expect(character.greeting).toEqual({ en_US: 'How can I help you today User.' });
    expect(character.persona.en_US).toMatch(
      /^Skynet's = \[AGI.*\n\nPersonality: Skynet is an AGI.*\n\nScenario: Skynet is an AGI/s,
    );
    expect(character.card).toMatchObject({ metadata: { tool: { name: 'AI Character Editor' } } });
  });

  it('reads a V3 card as JSON, with a face drawn for it and its other fields kept', () => {
    const { character, unconverted } = importCard(json(V3), new Set(['mira_vale']));
    expect(character.key).toBe('mira_vale_2');
    expect(character.persona.en_US).toBe(
      'A lighthouse keeper who collects storms.\n\nPersonality: Wry, patient.\n\nScenario: A night of gales.',
    );
    expect(character.face.hairStyle).toMatch(/^(short|long|bun|spiky|hood)$/);
    expect(importCard(json(V3)).character.face).toEqual(character.face);
    expect(character.card).toMatchObject({
      nickname: 'Mira',
      alternate_greetings: ['Oh. You again.'],
    });
    expect(unconverted).toEqual([]);
  });

  it('prefers the ccv3 chunk over chara in a PNG that has both', async () => {
    const v2 = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { ...V3.data, name: 'Old Mira' },
    };
    const png = addPngText(await blankPng(), [
      ['chara', b64(v2)],
      ['ccv3', b64(V3)],
    ]);
    expect(importCard(png).character.name).toEqual({ en_US: 'Mira Vale' });
  });

  it('shortens a persona over 1500 characters, says so, and keeps the whole text', () => {
    const long = { ...V3, data: { ...V3.data, description: 'x'.repeat(2000) } };
    const { character, unconverted } = importCard(json(long));
    expect([...character.persona.en_US!].length).toBe(1500);
    expect(unconverted).toEqual([
      {
        where: 'persona',
        what: 'longer than 1500 characters: shortened here, kept whole for export',
      },
    ]);
    expect(character.card!.description).toBe(long.data.description);
  });

  it('names what is wrong with a damaged PNG', async () => {
    const png = Buffer.from(addPngText(await blankPng(), [['ccv3', b64(V3)]]));
    const at = png.indexOf('ccv3') + 10;
    const broken = Buffer.from(png);
    broken[at] = broken[at]! ^ 0xff;
    expect(await refusal(() => importCard(broken))).toEqual({
      status: STATUS.STUDIO_CARD_INVALID,
      detail: expect.stringMatching(
        /^PNG chunk tEXt at byte \d+ is damaged \(checksum mismatch\)$/,
      ),
    });
    expect((await refusal(() => importCard(png.subarray(0, png.length - 30)))).detail).toMatch(
      /runs past the end of the file|cut short/,
    );
  });

  it.each([
    ['a PNG without a card', 'none', /no "chara" or "ccv3" text chunk/],
    ['a chunk that is not base64', 'chara:%%%', /"chara" chunk is not base64/],
    [
      'base64 that is not JSON',
      `ccv3:${Buffer.from('hello').toString('base64')}`,
      /"ccv3" chunk is not JSON/,
    ],
  ])('refuses %s, saying so', async (_what, chunk, detail) => {
    const [key, text] = chunk.split(':');
    const png = addPngText(await blankPng(), text ? [[key!, text]] : []);
    const answer = await refusal(() => importCard(png));
    expect(answer.status).toBe(STATUS.STUDIO_CARD_INVALID);
    expect(answer.detail).toMatch(detail);
  });

  it.each([
    [{ spec: 'chara_card_v3' }, 'a chara_card_v3 card needs a "data" object'],
    [{ spec: 'chara_card_v9', data: {} }, 'unknown card spec "chara_card_v9"'],
    [{ ...V3, data: { ...V3.data, name: '  ' } }, 'the card has no name'],
    [{ ...V3, data: { ...V3.data, first_mes: 42 } }, '"first_mes" is not text'],
    [[1, 2], 'the card is not a JSON object'],
  ])('refuses a malformed card JSON: %j', async (card, detail) => {
    expect(await refusal(() => importCard(json(card)))).toEqual({
      status: STATUS.STUDIO_CARD_INVALID,
      detail,
    });
  });

  it('reads the text chunks of a PNG it wrote', async () => {
    const png = addPngText(await blankPng(), [['chara', 'abc']]);
    expect(readPngText(png).get('chara')).toBe('abc');
    expect((await sharp(png).metadata()).width).toBe(2);
  });
});

describe('cards built to hurt', () => {
  const card = (data: Record<string, unknown>) =>
    new TextEncoder().encode(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data }));

  it('refuses nesting past 32 levels and a card over 1 MB, naming which', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 100; i++) deep = deep.x = {} as Record<string, unknown>;
    expect(() => importCard(card({ name: 'Deep', extensions: root }))).toThrow(/nested too deeply/);
    expect(() => importCard(card({ name: 'Big', description: 'a'.repeat(1_100_000) }))).toThrow(
      /over 1 MB/,
    );
  });
});
