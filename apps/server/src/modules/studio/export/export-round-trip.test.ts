import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { playWithInkjs, readWork } from '../../../../test/support/public-ink.js';
import { fixture } from '../../../../test/support/studio-import.js';
import { importCard } from '../card/card-import.js';
import { readPngText } from '../card/png-text.js';
import { importInkZip } from '../import/ink-source.js';
import { cardJson, cardPng, cardV3 } from './card-export.js';
import { sourcesZip } from './sources-zip.js';

describe('exporting and importing again', () => {
  it('gives the same ink files, which play the same story', () => {
    const work = readWork('inkjs/misc/include.ink');
    const files = Object.entries(work.files).map(([path, source]) => ({ path, source }));
    const again = importInkZip(sourcesZip(files));
    expect(Object.fromEntries(again.files.map((f) => [f.path, f.source]))).toEqual(work.files);
    const replayed = Object.fromEntries(again.files.map((f) => [f.path, f.source]));
    expect(playWithInkjs({ main: 'include.ink', files: replayed }, 5)).toEqual(
      playWithInkjs(work, 5),
    );
  });

  it('gives the same character from the card JSON and from the card PNG', async () => {
    const { character } = importCard(fixture('cards/Skynet_v2.png'));
    expect(importCard(Buffer.from(cardJson(character))).character).toEqual(character);
    expect(importCard(await cardPng(character)).character).toEqual(character);
  });

  it('gives a studio-made character back with what the creator changed', async () => {
    const { character } = importCard(fixture('cards/Skynet_v2.png'));
    const edited = { ...character, persona: { en_US: 'A quieter machine.' }, card: undefined };
    const card = cardV3(edited);
    expect(card).toMatchObject({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        name: 'Skynet',
        description: 'A quieter machine.',
        personality: '',
        first_mes: 'How can I help you today User.',
      },
    });
    expect(importCard(Buffer.from(cardJson(edited))).character).toMatchObject({
      name: edited.name,
      persona: edited.persona,
      greeting: edited.greeting,
      face: edited.face,
    });
  });

  it('draws the portrait as a PNG with a V3 ccv3 chunk and a V2 chara chunk', async () => {
    const { character } = importCard(fixture('cards/Skynet_v2.png'));
    const png = await cardPng(character);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 400, height: 480 });
    const texts = readPngText(png);
    const v3 = JSON.parse(Buffer.from(texts.get('ccv3')!, 'base64').toString('utf8'));
    const v2 = JSON.parse(Buffer.from(texts.get('chara')!, 'base64').toString('utf8'));
    expect(v3).toMatchObject({
      spec: 'chara_card_v3',
      data: { name: 'Skynet', group_only_greetings: [] },
    });
    expect(v2.spec).toBe('chara_card_v2');
    expect(v2.data.group_only_greetings).toBeUndefined();
    expect(v2.data.first_mes).toBe('How can I help you today User.');
  });
});
