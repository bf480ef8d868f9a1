import type { PlayState } from '@taleforge/contracts';
import { useState } from 'react';

/** Which line of the latest step is on screen; a step that brings no new lines keeps its place. */
export function useLineCursor(state: PlayState | null) {
  const key = state ? JSON.stringify(state.lines) : '';
  const [cursor, setCursor] = useState({ key: '', index: 0 });
  if (cursor.key !== key) setCursor({ key, index: 0 });
  const index = cursor.key === key ? cursor.index : 0;
  const advance = () => setCursor((c) => ({ ...c, index: c.index + 1 }));
  const finished = !state || state.lines.length === 0 || index >= state.lines.length - 1;
  return { index, advance, finished, lineKey: `${key}#${index}` };
}
