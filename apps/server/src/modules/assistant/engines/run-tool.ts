import { ASSISTANT_LIMITS } from '@taleforge/contracts/constants';
import type { AssistantTool, ToolContext, ToolOutcome } from '../tools/index.js';
import type { EngineReply } from './engine.js';

/** A tool run with arguments checked by its schema; a refusal is facts the model reads. */
export async function runTool(
  tool: AssistantTool,
  ctx: ToolContext,
  raw: unknown,
): Promise<{ ok: true; args: unknown; outcome: ToolOutcome } | { ok: false; error: string }> {
  const parsed = tool.args.safeParse(raw ?? {});
  if (!parsed.success) {
    return {
      ok: false,
      error: `invalid arguments: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
    };
  }
  return { ok: true, args: parsed.data, outcome: await tool.run(ctx, parsed.data) };
}

/** Gathers what the tools of one reply found: works once each, up to one answer's worth. */
export class ReplyParts {
  readonly tools: EngineReply['tools'] = [];
  /** Each tool's own sentence, the reply when a model gives no text of its own. */
  readonly says: string[] = [];
  private readonly workIds: number[] = [];
  private readonly actions: EngineReply['actions'] = [];

  add(name: string, args: unknown, outcome: ToolOutcome): void {
    this.tools.push({ name, args });
    if (!this.says.includes(outcome.say)) this.says.push(outcome.say);
    for (const id of outcome.workIds) if (!this.workIds.includes(id)) this.workIds.push(id);
    for (const action of outcome.actions) {
      const same = JSON.stringify(action);
      if (!this.actions.some((a) => JSON.stringify(a) === same)) this.actions.push(action);
    }
  }

  reply(text: string): EngineReply {
    return {
      text,
      workIds: this.workIds.slice(0, ASSISTANT_LIMITS.worksPerAnswer),
      actions: this.actions,
      tools: this.tools,
    };
  }
}
