import type { PlayState } from '@taleforge/contracts';
import { useState } from 'react';

/**
 * Which line of the latest step is on screen. New lines open where the save says the player last
 * read them (a reload resumes there, not at the first line after the last choice); a step that
 * brings no new lines keeps its place. `onSeen` hears of every line the player moves on to.
 */
export function useLineCursor(state: PlayState | null, onSeen?: (line: number) => void) {
  const key = state ? JSON.stringify(state.lines) : '';
  const resumeAt = state ? Math.min(state.line_seen, Math.max(state.lines.length - 1, 0)) : 0;
  const [cursor, setCursor] = useState({ key: '', index: 0 });
  if (cursor.key !== key) setCursor({ key, index: resumeAt });
  const index = cursor.key === key ? cursor.index : resumeAt;
  const advance = () => {
    const next = index + 1;
    setCursor((c) => ({ ...c, index: next }));
    onSeen?.(next);
  };
  const finished = !state || state.lines.length === 0 || index >= state.lines.length - 1;
  return { index, advance, finished, lineKey: `${key}#${index}` };
}
