import type { StudioCharacter } from '@taleforge/contracts';
import { badCard, decodeText } from '../import/import-error.js';
import type { ImportedCharacter } from '../import/import-result.js';
import {
  CARD_DEFAULTS,
  type CardData,
  GREETING_MAX,
  greetingOf,
  joinPersona,
  NAME_MAX,
  nameOf,
  PERSONA_MAX,
  personaOf,
  textOf,
} from './card-fields.js';
import { faceFor } from './face.js';
import { isPng, readPngText } from './png-text.js';

const TEXT_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'];

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw badCard(`${where} is not JSON`);
  }
}

/** The card inside a PNG: V3's `ccv3` when present (it is the newer), else V2's `chara`. */
function cardInPng(bytes: Uint8Array): unknown {
  const texts = readPngText(bytes);
  const key = texts.has('ccv3') ? 'ccv3' : texts.has('chara') ? 'chara' : null;
  if (!key) throw badCard('this PNG carries no character card (no "chara" or "ccv3" text chunk)');
  const encoded = texts.get(key)!.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw badCard(`the "${key}" chunk is not base64`);
  return parseJson(
    decodeText(Buffer.from(encoded, 'base64'), `the "${key}" chunk`),
    `the "${key}" chunk`,
  );
}

/** A V3 or V2 card's `data`, or a V1 card itself (its fields at the top). */
function dataOf(card: unknown): CardData {
  if (!card || typeof card !== 'object' || Array.isArray(card))
    throw badCard('the card is not a JSON object');
  const top = card as CardData;
  const spec = top.spec;
  if (spec === 'chara_card_v3' || spec === 'chara_card_v2') {
    if (!top.data || typeof top.data !== 'object' || Array.isArray(top.data))
      throw badCard(`a ${spec} card needs a "data" object`);
    return top.data as CardData;
  }
  if (spec !== undefined) throw badCard(`unknown card spec "${String(spec)}"`);
  return top;
}

/** Nesting a card needs (lorebook entries sit a few levels down); deeper is not a card. */
const CARD_DEPTH_MAX = 32;
/** The card kept on the character comes back with every read of the work. */
const CARD_JSON_MAX_BYTES = 1024 * 1024;

/** PostgreSQL cannot keep NUL in text, nor in JSON text. */
function checkStorable(value: unknown, where: string, depth = 0): void {
  if (depth > CARD_DEPTH_MAX) throw badCard(`${where} is nested too deeply`);
  if (typeof value === 'string') {
    if (/\0|\p{Cs}/u.test(value)) throw badCard(`${where} holds a character that cannot be stored`);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) checkStorable(v, `${where}.${k}`, depth + 1);
}

/** A key ink tags can name (`# speaker: key`): from the name, unused in the work. */
function keyFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 48) || 'character';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

/**
 * Character Card V2/V3 (JSON, or a PNG carrying it) → a studio character: name, persona
 * (description, personality, scenario), greeting (first_mes) and a generated face. The card's
 * whole `data` is kept on the character so exporting it gives everything back.
 */
export function importCard(
  bytes: Uint8Array,
  taken: ReadonlySet<string> = new Set(),
): ImportedCharacter {
  const data = dataOf(
    isPng(bytes) ? cardInPng(bytes) : parseJson(decodeText(bytes, 'card'), 'the card'),
  );
  for (const field of TEXT_FIELDS)
    if (data[field] !== undefined && typeof data[field] !== 'string')
      throw badCard(`"${field}" is not text`);
  const name = nameOf(data);
  if (!name) throw badCard('the card has no name');
  checkStorable(data, 'data');
  if (JSON.stringify(data).length > CARD_JSON_MAX_BYTES) throw badCard('the card is over 1 MB');
  const unconverted: ImportedCharacter['unconverted'] = [];
  const shortened = (field: string, max: number) =>
    unconverted.push({
      where: field,
      what: `longer than ${max} characters: shortened here, kept whole for export`,
    });
  if ([...textOf(data, 'name').trim()].length > NAME_MAX) shortened('name', NAME_MAX);
  if ([...joinPersona(data)].length > PERSONA_MAX) shortened('persona', PERSONA_MAX);
  if ([...textOf(data, 'first_mes').trim()].length > GREETING_MAX)
    shortened('first_mes', GREETING_MAX);
  const persona = personaOf(data);
  const greeting = greetingOf(data);
  const character: StudioCharacter = {
    key: keyFor(name, taken),
    name: { en_US: name },
    persona: persona ? { en_US: persona } : {},
    greeting: greeting ? { en_US: greeting } : {},
    face: faceFor(name),
    expressions: {},
    chat: null,
    card: { ...CARD_DEFAULTS, ...data },
  };
  return { character, unconverted };
}
