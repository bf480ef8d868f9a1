import type { StudioCharacter } from '@taleforge/contracts';
import { loadSharp } from '../../../platform/sharp.js';
import { portraitSvg } from '../../play/index.js';
import { CARD_DEFAULTS, cardFieldsOf } from '../card/card-fields.js';
import { addPngText } from '../card/png-text.js';

/** Character Card V3 (github.com/kwaroran/character-card-spec-v3): what an import kept, plus ours. */
export function cardV3(character: StudioCharacter) {
  return {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: { ...CARD_DEFAULTS, ...character.card, ...cardFieldsOf(character) },
  };
}

/** The same as V2, for readers that know only `chara`: V3's own fields are left out. */
function cardV2(character: StudioCharacter) {
  const {
    assets,
    nickname,
    creator_notes_multilingual,
    source,
    group_only_greetings,
    creation_date,
    modification_date,
    ...v2
  } = cardV3(character).data as Record<string, unknown>;
  return { spec: 'chara_card_v2', spec_version: '2.0', data: v2 };
}

export const cardJson = (character: StudioCharacter) =>
  `${JSON.stringify(cardV3(character), null, 2)}\n`;

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** Our portrait of the character as a PNG carrying the card: `ccv3`, and `chara` for older readers. */
export async function cardPng(character: StudioCharacter): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(portraitSvg(character.face, 'normal')))
    .resize(400, 480)
    .png()
    .toBuffer();
  return addPngText(png, [
    ['chara', base64(cardV2(character))],
    ['ccv3', base64(cardV3(character))],
  ]);
}
