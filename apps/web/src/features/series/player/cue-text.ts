/**
 * The words a track shows now: its active cues' texts, a line break between two. The player draws
 * them itself, just above its controls, rather than leaving them to the browser: a browser places
 * cues by their top line, so a cue that wraps to a second line grew down over the seek bar, and
 * on a phone it wrapped to the width of the picture, wider than the screen that crops it.
 */
export function cueText(track: TextTrack): string | null {
  const texts = Array.from(track.activeCues ?? [], (cue) => (cue as VTTCue).text.trim());
  const shown = texts.filter(Boolean).join('\n');
  return shown || null;
}
