import type { Story } from 'inkjs/full';

/** A tag whose whole text the compiled story fixes, with where the author wrote it. */
export interface StaticTag {
  text: string;
  file: string | null;
  line: number | null;
}

/*
 * The compiled story marks every tag with a begin and an end command (ink's own numbers, stable
 * across ink versions since format 21). The classes are read by shape, not `instanceof`: the
 * compiler's bundle has its own copies of them.
 */
const BEGIN_TAG = 24;
const END_TAG = 25;
const STRING_VALUE = 3;

interface InkNode {
  commandType?: number;
  valueType?: number;
  value?: unknown;
  content?: InkNode[];
  namedOnlyContent?: Map<string, InkNode> | null;
  ownDebugMetadata?: { startLineNumber: number; fileName: string | null } | null;
}

/**
 * The tags of a compiled story that hold only text, in the order ink lays them out. A tag built
 * from logic (`#pic{n}.jpg`, a sequence) is known only when it runs, so it is not listed. Reading
 * the compiled story rather than the source means an escaped `\#`, a `#` in a string and one in
 * a comment are never taken for tags: the compiler has already decided what a tag is.
 */
export function staticTags(story: Story): StaticTag[] {
  const found: StaticTag[] = [];
  let open: { parts: string[]; dynamic: boolean; at: InkNode } | null = null;

  const visit = (node: InkNode) => {
    if (node.commandType === BEGIN_TAG) {
      open = { parts: [], dynamic: false, at: node };
    } else if (node.commandType === END_TAG) {
      if (open && !open.dynamic) {
        const text = open.parts.join('').trim();
        const where = open.at.ownDebugMetadata;
        if (text)
          found.push({ text, file: where?.fileName ?? null, line: where?.startLineNumber ?? null });
      }
      open = null;
    } else if (open) {
      if (node.valueType === STRING_VALUE && typeof node.value === 'string')
        open.parts.push(node.value);
      else open.dynamic = true;
    }
    for (const child of node.content ?? []) visit(child);
    for (const child of node.namedOnlyContent?.values() ?? []) visit(child);
  };
  visit(story.mainContentContainer as unknown as InkNode);
  return found;
}
