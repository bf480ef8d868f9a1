/**
 * The words a track shows now: its active cues' texts, a line break between two, without their
 * WebVTT markup (`<i>`, `<v Mara>`, `<c.loud>`): parsed by the browser and read as text, so a
 * creator's file shows words, never tags or anything a page would run. The player draws
 * them itself, just above its controls, rather than leaving them to the browser: a browser places
 * cues by their top line, so a cue that wraps to a second line grew down over the seek bar, and
 * on a phone it wrapped to the width of the picture, wider than the screen that crops it.
 */
export function cueText(track: TextTrack): string | null {
  const texts = Array.from(track.activeCues ?? [], (cue) =>
    ((cue as VTTCue).getCueAsHTML().textContent ?? '').trim(),
  );
  const shown = texts.filter(Boolean).join('\n');
  return shown || null;
}
