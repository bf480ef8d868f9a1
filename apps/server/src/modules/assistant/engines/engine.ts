import type { AssistantAction } from '@taleforge/contracts';
import type { ToolContext } from '../tools/index.js';

/** One earlier message of the conversation, as an engine may read it. */
export interface PastMessage {
  role: 'player' | 'assistant';
  text: string;
}

export interface EngineTurn {
  text: string;
  history: PastMessage[];
  ctx: ToolContext;
}

/** A reply and what it found; the service stores all of it with the turn. */
export interface EngineReply {
  text: string;
  workIds: number[];
  actions: AssistantAction[];
  /** The tools that ran, with their (validated) arguments. */
  tools: { name: string; args: unknown }[];
}

/**
 * The assistant's two ways of answering behind one face: the offline engine matches intents,
 * the model engine lets a model choose the tools. Either acts only through the tools.
 * Throws ModelUnavailable when it cannot answer now (nothing is stored then).
 */
export interface AssistantEngine {
  name: 'offline' | 'openai';
  reply(turn: EngineTurn): Promise<EngineReply>;
}

export class ModelUnavailable extends Error {}
