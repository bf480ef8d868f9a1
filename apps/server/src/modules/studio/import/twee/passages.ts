import { notTwee } from '../import-error.js';

/** One Twee passage: its name, tags and text. */
export interface Passage {
  name: string;
  tags: string[];
  text: string;
}

export interface TweeStory {
  title: string | null;
  /** StoryData's start passage, if it names one. */
  start: string | null;
  format: string | null;
  passages: Passage[];
}

// `:: Name [tags] {"position":"…"}` — the name may escape [ ] { } \ with a backslash.
const HEADER = /^::\s*((?:\\.|[^\\[{])*?)\s*(?:\[([^\]]*)\])?\s*(?:\{.*\})?\s*$/;

const unescapeName = (name: string) => name.replace(/\\(.)/g, '$1');

/**
 * Reads Twee 3 (twinery.org's "Twee 3 specification"): passages start with `::` at the start of a
 * line. StoryTitle and StoryData are the story's own; they are not passages of the story.
 */
export function parseTwee(text: string): TweeStory {
  const passages: Passage[] = [];
  let current: Passage | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const header = line.startsWith('::') ? HEADER.exec(line) : null;
    if (header) {
      current = {
        name: unescapeName(header[1]!.trim()),
        tags: (header[2] ?? '').split(/\s+/).filter(Boolean),
        text: '',
      };
      passages.push(current);
    } else if (current) {
      current.text += `${line}\n`;
    } else if (line.trim()) {
      throw notTwee('text before the first ":: passage" line');
    }
  }
  if (passages.length === 0) throw notTwee('no ":: passage" lines');
  for (const p of passages) p.text = p.text.replace(/\s+$/, '');
  const title = passages.find((p) => p.name === 'StoryTitle')?.text.trim() || null;
  const data = readStoryData(passages.find((p) => p.name === 'StoryData')?.text);
  return {
    title,
    start: typeof data.start === 'string' ? data.start : null,
    format: typeof data.format === 'string' ? data.format : null,
    passages: passages.filter((p) => p.name !== 'StoryTitle' && p.name !== 'StoryData'),
  };
}

function readStoryData(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    if (data && typeof data === 'object' && !Array.isArray(data))
      return data as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw notTwee('StoryData is not a JSON object');
}
