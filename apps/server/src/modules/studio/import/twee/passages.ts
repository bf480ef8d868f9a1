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

/**
 * `:: Name [tags] {"position":"…"}` — the name may escape [ ] { } \ with a backslash. Read by
 * hand in one pass: a regular expression for it backtracks for minutes on a crafted line.
 */
function parseHeader(line: string): { name: string; tags: string[] } | null {
  let name = '';
  let i = 2;
  for (; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) name += line[++i];
    else if (c === '[' || c === '{') break;
    else name += c;
  }
  let rest = line.slice(i).trimStart();
  let tags: string[] = [];
  if (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    if (end < 0) return null;
    tags = rest.slice(1, end).split(/\s+/).filter(Boolean);
    rest = rest.slice(end + 1).trimStart();
  }
  // Metadata (a JSON object) is the editor's layout: nothing of the story.
  if (rest && !(rest.startsWith('{') && rest.trimEnd().endsWith('}'))) return null;
  return { name: name.trim(), tags };
}

/**
 * Reads Twee 3 (twinery.org's "Twee 3 specification"): passages start with `::` at the start of a
 * line. StoryTitle and StoryData are the story's own; they are not passages of the story.
 */
export function parseTwee(text: string): TweeStory {
  const passages: Passage[] = [];
  let current: Passage | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const header = line.startsWith('::') ? parseHeader(line) : null;
    if (header) {
      current = { ...header, text: '' };
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
