import type { CharacterPersona } from '@taleforge/contracts/character-persona';
import type { AudioKind, Expression, ScriptType } from '@taleforge/contracts/constants';
import type {
  ChatGoal,
  FaceStyle,
  LocalizedText,
  MinigameSpec,
  SceneStyle,
} from '../../platform/db/schema/index.js';
import type { MediaExtension } from '../media/index.js';

/** A whole game as authors write it (content/<slug>/game.json plus one .ink file per chapter). */
export interface GameDefinition {
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  scriptType: ScriptType;
  tags: string[];
  languages: string[];
  npcs: {
    key: string;
    name: LocalizedText;
    persona: LocalizedText;
    greeting: LocalizedText;
    goals?: Record<string, ChatGoal>;
    face: FaceStyle;
    /** Chat material (content/<slug>/characters/<key>.json); without it the NPC cannot chat. */
    character?: CharacterPersona | null;
    /** Uploaded pictures by expression (URLs); one missing is drawn from `face`. */
    expressions?: Partial<Record<Expression, string>> | null;
  }[];
  tasks: { key: string; title: LocalizedText }[];
  scenes: { key: string; style: SceneStyle }[];
  minigames: { key: string; spec: MinigameSpec }[];
  chapters: {
    title: LocalizedText;
    priceGems: number;
    ink: string;
    /** The chapter's file within the work, named in messages (e.g. `chapter-1.ink`). */
    file?: string;
  }[];
  /** The work's ink files a chapter may INCLUDE, by path within the work (`/`-separated). */
  inkFiles?: Record<string, string>;
  /** Sounds with their bytes (content/<slug>/audio/); absent: the game is silent. */
  audio?: {
    key: string;
    kind: AudioKind;
    loop: boolean;
    bytes: Uint8Array;
    extension: MediaExtension;
  }[];
}
