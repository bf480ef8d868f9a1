import type { PlayState, ResourceInfo } from '@taleforge/contracts';
import type { Expression } from '@taleforge/contracts/constants';

export interface Portrait {
  url: string;
  name: string;
}

/** The face on stage at a line of the story: the last character who spoke up to it stays. */
export function storyPortrait(
  state: PlayState | null,
  index: number,
  resources: ResourceInfo | undefined,
): Portrait | null {
  if (!state || !resources) return null;
  for (let i = Math.min(index, state.lines.length - 1); i >= 0; i--) {
    const line = state.lines[i]!;
    if (line.npc_id) return chatPortrait(resources, line.npc_id, line.expression ?? null);
  }
  return null;
}

/** The face of a character in conversation, showing the expression it has now. */
export function chatPortrait(
  resources: ResourceInfo | undefined,
  npcId: number,
  expression: Expression | null,
): Portrait | null {
  const npc = resources?.npcs.find((n) => n.id === npcId);
  return npc ? { url: npc.portraits[expression ?? 'normal'], name: npc.name } : null;
}
