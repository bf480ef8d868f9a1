import type { PartialLocalized, StudioCharacter, StudioMinigame } from '@taleforge/contracts';
import type { CharacterPersona } from '@taleforge/contracts/character-persona';
import { LOCALES } from '@taleforge/contracts/constants';
import type { GameDefinition } from '../play/index.js';
import type { WorkRow } from './work-queries.js';

type Localized = GameDefinition['title'];

/**
 * The player site needs English in every text and falls back to it; a creator may write any
 * subset, so English is filled from the first language present. Null when none is.
 */
export function filled(text: PartialLocalized): Localized | null {
  const present = LOCALES.filter((l) => text[l]?.trim());
  const first = present[0];
  if (!first) return null;
  const out: Localized = { en_US: text.en_US?.trim() || text[first]!.trim() };
  for (const l of present) if (l !== 'en_US') out[l] = text[l]!.trim();
  return out;
}

const orKey = (text: PartialLocalized, key: string): Localized => filled(text) ?? { en_US: key };

function chapterTitle(text: PartialLocalized, n: number): Localized {
  return filled(text) ?? { en_US: `Chapter ${n}`, zh_CN: `第${n}章`, ja_JP: `第${n}章` };
}

/**
 * Chat material for a character the creator described but did not script: who they are from the
 * persona, their greeting as the first line. Without a persona the character does not chat.
 */
function personaOf(c: StudioCharacter): CharacterPersona | null {
  if (c.chat) return c.chat;
  const identity = filled(c.persona);
  if (!identity) return null;
  const name = orKey(c.name, c.key);
  const greeting = filled(c.greeting) ?? name;
  return {
    key: c.key,
    name,
    identity,
    voice: {
      en_US: 'Speaks in character, briefly and naturally.',
      zh_CN: '以角色的口吻简短自然地说话。',
      ja_JP: 'キャラクターらしく、短く自然に話す。',
    },
    facts: [],
    greeting: { say: [greeting], expression: 'smile' },
    cues: [],
    fallback: [
      {
        say: [{ en_US: '…Tell me more.', zh_CN: '……再多说一些吧。', ja_JP: '……もっと聞かせて。' }],
        expression: 'observe',
      },
    ],
    unknown: [],
    goals: [],
  };
}

function minigameOf(m: StudioMinigame): GameDefinition['minigames'][number] {
  const text = (t: PartialLocalized) => orKey(t, m.key);
  const { spec } = m;
  switch (spec.kind) {
    case 'puzzle':
      return {
        key: m.key,
        spec: { kind: 'puzzle', prompt: text(spec.prompt), pieces: spec.pieces.map(text) },
      };
    case 'word':
      return {
        key: m.key,
        spec: { kind: 'word', clue: text(spec.clue), answer: text(spec.answer) },
      };
    case 'dice':
      return { key: m.key, spec };
  }
}

/** A draft as play publishes it; `files` are the work's ink files by path. */
export function definitionOf(
  work: WorkRow,
  files: Record<string, string>,
  slug: string,
): GameDefinition {
  const title = orKey(work.title, slug);
  return {
    slug,
    title,
    description: filled(work.description) ?? { en_US: '' },
    scriptType: work.scriptType,
    tags: work.tags,
    languages: LOCALES.filter((l) => work.title[l]?.trim()),
    npcs: work.characters.map((c) => ({
      key: c.key,
      name: orKey(c.name, c.key),
      persona: filled(c.persona) ?? { en_US: '' },
      greeting: filled(c.greeting) ?? { en_US: '' },
      face: c.face,
      character: personaOf(c),
      expressions: Object.keys(c.expressions).length ? c.expressions : null,
    })),
    tasks: work.tasks.map((t) => ({ key: t.key, title: orKey(t.title, t.key) })),
    scenes: [],
    minigames: work.minigames.map(minigameOf),
    chapters: work.chapters.map((c, i) => ({
      title: chapterTitle(c.title, i + 1),
      priceGems: c.price_gems,
      ink: files[c.file] ?? '',
      file: c.file,
    })),
    inkFiles: files,
  };
}
