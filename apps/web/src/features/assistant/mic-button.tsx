import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isHolding } from './recorder-machine';
import type { useHoldToSpeak } from './use-hold-to-speak';

type Voice = ReturnType<typeof useHoldToSpeak>;

const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Far enough outside the button that a wobbling thumb is not a cancel. */
const SLIDE_MARGIN_PX = 24;

/**
 * Press and hold (pointer, touch, or Space on the focused button) to record; release to send;
 * slide away or Escape to cancel. The meter and the timer show while it records.
 */
export function MicButton({
  voice,
  disabled,
  describedBy,
}: {
  voice: Voice;
  disabled: boolean;
  /** The line that says what voice can do here (why not, when it cannot). */
  describedBy: string;
}) {
  const { t } = useTranslation();
  const holding = isHolding(voice.state);
  const recording = voice.state.phase === 'recording';

  const handlePointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || disabled) return;
    event.preventDefault();
    // Captured, so moves and the release reach the button wherever the pointer goes (touch
    // does this by itself; a mouse needs asking): sliding away is judged by distance below.
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    voice.press();
  };
  const handlePointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!holding) return;
    const box = event.currentTarget.getBoundingClientRect();
    const outside =
      event.clientX < box.left - SLIDE_MARGIN_PX ||
      event.clientX > box.right + SLIDE_MARGIN_PX ||
      event.clientY < box.top - SLIDE_MARGIN_PX ||
      event.clientY > box.bottom + SLIDE_MARGIN_PX;
    if (outside) voice.cancel();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === ' ') {
      event.preventDefault();
      if (!event.repeat && !disabled) voice.press();
    } else if (event.key === 'Escape' && holding) {
      // Cancels the recording, not the panel.
      event.stopPropagation();
      voice.cancel();
    }
  };
  const handleKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    voice.release();
  };

  return (
    <div className={`mic${recording ? ' mic--recording' : ''}`}>
      <button
        type="button"
        className="mic__button"
        aria-label={t('assistant.mic')}
        title={t('assistant.mic')}
        aria-pressed={holding}
        aria-disabled={disabled || voice.transcribing || !voice.available}
        aria-describedby={voice.available ? undefined : describedBy}
        data-testid="assistant-mic"
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={() => voice.release()}
        onPointerCancel={() => voice.cancel()}
        onKeyDown={handleKeyDown}
        onKeyUp={handleKeyUp}
        onBlur={() => holding && voice.cancel()}
        onContextMenu={(event) => event.preventDefault()}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
          <path
            d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        {recording && (
          <span
            className="mic__level"
            style={{ transform: `scale(${1 + voice.level * 0.3})` }}
            aria-hidden="true"
          />
        )}
      </button>
      {recording && voice.state.phase === 'recording' && (
        <span className="mic__timer" data-testid="assistant-timer">
          <meter
            className="mic__meter"
            min={0}
            max={1}
            value={voice.level}
            aria-label={t('assistant.mic')}
          />
          <time aria-hidden="true">{clock(voice.state.elapsedMs)}</time>
        </span>
      )}
    </div>
  );
}
