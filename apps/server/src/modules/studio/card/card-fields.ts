import type { StudioCharacter } from '@taleforge/contracts';

/**
 * How a card's text fields map to a character's, both ways. A persona is the card's description
 * with its personality and scenario after it; an export gives the card's own fields back as long
 * as the creator has not changed what they became, and the character's text otherwise.
 */

export const NAME_MAX = 40;
export const PERSONA_MAX = 1500;
export const GREETING_MAX = 600;

/** The card's data object: every field a V2/V3 card may have, and any an app added. */
export type CardData = Record<string, unknown>;

/**
 * Fields a V3 card must have, empty. An imported card keeps them filled in, so the card exported
 * from it and imported again is the same card.
 */
export const CARD_DEFAULTS: CardData = {
  mes_example: '',
  creator_notes: '',
  system_prompt: '',
  post_history_instructions: '',
  alternate_greetings: [],
  tags: [],
  creator: '',
  character_version: '',
  extensions: {},
  group_only_greetings: [],
};

export const textOf = (data: CardData, field: string) =>
  typeof data[field] === 'string' ? (data[field] as string) : '';

const cut = (text: string, max: number) => [...text.trim()].slice(0, max).join('').trim();

/** The card's description, personality and scenario as one text, before any shortening. */
export function joinPersona(data: CardData): string {
  const parts = [
    textOf(data, 'description').trim(),
    textOf(data, 'personality').trim() && `Personality: ${textOf(data, 'personality').trim()}`,
    textOf(data, 'scenario').trim() && `Scenario: ${textOf(data, 'scenario').trim()}`,
  ];
  return parts.filter(Boolean).join('\n\n');
}

export const personaOf = (data: CardData) => cut(joinPersona(data), PERSONA_MAX);

export const nameOf = (data: CardData) => cut(textOf(data, 'name'), NAME_MAX);
export const greetingOf = (data: CardData) => cut(textOf(data, 'first_mes'), GREETING_MAX);

/** Any language the creator filled, English first: a card has one text per field. */
const anyText = (text: StudioCharacter['name']) => text.en_US ?? text.zh_CN ?? text.ja_JP ?? '';

/** The card fields a character stands for (V2 and V3 share them). */
export function cardFieldsOf(character: StudioCharacter): CardData {
  const kept = character.card ?? {};
  const name = anyText(character.name);
  const persona = anyText(character.persona);
  const greeting = anyText(character.greeting);
  const samePersona = character.card !== undefined && persona === personaOf(kept);
  return {
    name: character.card !== undefined && name === nameOf(kept) ? textOf(kept, 'name') : name,
    description: samePersona ? textOf(kept, 'description') : persona,
    personality: samePersona ? textOf(kept, 'personality') : '',
    scenario: samePersona ? textOf(kept, 'scenario') : '',
    first_mes:
      character.card !== undefined && greeting === greetingOf(kept)
        ? textOf(kept, 'first_mes')
        : greeting,
  };
}
