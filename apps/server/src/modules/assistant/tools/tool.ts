import type { AssistantAction } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import type { z } from 'zod';
import type { AssistantReaders } from '../readers.js';

/** Who a tool acts for: always the session's player, never anyone a message or a model names. */
export interface ToolContext {
  userId: number;
  locale: Locale;
  /** The page the player is on, as the browser said. */
  page: string | null;
  readers: AssistantReaders;
}

/** What a tool found, in the two forms its two readers need. */
export interface ToolOutcome {
  /** For the model: plain facts as JSON, nothing the player should not see. */
  facts: unknown;
  /** For the offline engine: the same facts as a sentence in the player's language. */
  say: string;
  /** Works to show as cards. */
  workIds: number[];
  actions: AssistantAction[];
}

export interface AssistantTool<A extends z.ZodObject = z.ZodObject> {
  name: string;
  /** What the model is told the tool does. */
  description: string;
  /** Strict: an argument the tool does not know (a user id, say) refuses the call. */
  args: A;
  run(ctx: ToolContext, args: z.infer<A>): Promise<ToolOutcome>;
}

/** Keeps each tool's argument type while listing them together. */
export const defineTool = <A extends z.ZodObject>(tool: AssistantTool<A>): AssistantTool<A> => tool;

/** The path of a work's page in the web app (stories and series alike). */
export const workPath = (id: number) => `/drama/${id}`;
