import type { StoryLine } from '@taleforge/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTypewriter } from './use-typewriter';

export const FIRST_LINE_MARK = 'taleforge:first-story-line';

type Props = {
  line: StoryLine;
  /** More lines follow this one. */
  hasMore: boolean;
  onDone: () => void;
  /** The whole line is on screen. */
  onTyped: () => void;
  /** Already read: show it whole (a step that brought no new lines, e.g. a dice roll). */
  instant: boolean;
};

/**
 * One line of the story, typed out. The first tap (or Enter/Space) shows the whole line, the next
 * goes on. Screen readers get the full line at once: it is the button's name (what it shows, as
 * WCAG 2.5.3 asks; a label like "Next line" would hide the story), and "Next line" its description.
 */
export function DialogueBox({ line, hasMore, onDone, onTyped, instant }: Props) {
  const { t } = useTranslation();
  const { text, done, complete } = useTypewriter(line.text, instant);
  const button = useRef<HTMLButtonElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (done) onTyped();
  }, [done, onTyped]);

  // The first story line on screen, for the "first line within 1.5 s" target (bench, e2e).
  useEffect(() => {
    if (performance.getEntriesByName(FIRST_LINE_MARK).length === 0)
      performance.mark(FIRST_LINE_MARK);
  }, []);

  // Keyboard players keep their place: a new line takes focus when nothing else has it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new line is the trigger.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) button.current?.focus({ preventScroll: true });
  }, [line]);
  // Named only when the line itself says who speaks: a face on stage does not make it theirs.
  const speaker = !line.speaker
    ? null
    : line.speaker === 'player'
      ? t('play.you')
      : line.speaker_name;
  const handleClick = () => {
    if (!done) complete();
    else if (hasMore) onDone();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`dialogue ${line.speaker ? '' : 'dialogue--narration'} ${line.speaker === 'player' ? 'dialogue--player' : ''}`}
        onClick={handleClick}
        aria-describedby={done && hasMore ? hintId : undefined}
        data-testid="dialogue"
      >
        {speaker && (
          <span className="dialogue__speaker" aria-hidden="true">
            {speaker}
          </span>
        )}
        <span className="dialogue__text" aria-hidden="true">
          {text}
        </span>
        <span className="sr-only" aria-live="polite">
          {speaker ? `${speaker}: ${line.text}` : line.text}
        </span>
        {done && hasMore && <span className="dialogue__more" aria-hidden="true" />}
      </button>
      <span id={hintId} hidden>
        {t('play.next')}
      </span>
    </>
  );
}
