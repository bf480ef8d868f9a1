import { readFileSync } from 'node:fs';
import { type CharacterPersona, parsePersona } from '@taleforge/contracts/character-persona';
import type { Locale } from '@taleforge/contracts/constants';
import type { ChatTurn, ReplyRequest } from '../../src/modules/llm/provider.js';

/** Test personas (test/fixtures/personas), parsed through the real schema. */
export function loadDemoPersona(key: 'lantern-keeper' | 'captain-vale'): CharacterPersona {
  const url = new URL(`../fixtures/personas/${key}.json`, import.meta.url);
  return parsePersona(JSON.parse(readFileSync(url, 'utf8')));
}

/** A demo game's character as players meet it (content/<game>/characters/<key>.json). */
export function loadContentPersona(game: string, key: string): CharacterPersona {
  const url = new URL(`../../../../content/${game}/characters/${key}.json`, import.meta.url);
  return parsePersona(JSON.parse(readFileSync(url, 'utf8')));
}

export function buildReplyRequest(overrides: Partial<ReplyRequest> = {}): ReplyRequest {
  return {
    persona: overrides.persona ?? loadDemoPersona('lantern-keeper'),
    locale: 'en_US' as Locale,
    history: [] as ChatTurn[],
    message: 'Hello',
    storySoFar: '',
    goalKey: null,
    memory: { summary: '', pinned: [] },
    ...overrides,
  };
}
