import type { PlayState } from '@taleforge/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The choices, as buttons; number keys 1–9 pick one too. */
export function ChoiceList({
  choices,
  disabled,
  onChoose,
}: {
  choices: PlayState['choices'];
  disabled: boolean;
  onChoose: (index: number) => void;
}) {
  const { t } = useTranslation();
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    first.current?.focus({ preventScroll: true });
    const handleKey = (event: KeyboardEvent) => {
      if (
        event.target instanceof HTMLInputElement ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey
      ) {
        return;
      }
      const choice = choices[Number(event.key) - 1];
      if (choice && !disabled) onChoose(choice.index);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [choices, disabled, onChoose]);

  return (
    <fieldset className="choices" disabled={disabled}>
      <legend className="sr-only">{t('play.chooseLegend')}</legend>
      {choices.map((choice, i) => (
        <button
          key={choice.index}
          ref={i === 0 ? first : undefined}
          type="button"
          className="choice"
          onClick={() => onChoose(choice.index)}
        >
          <span className="choice__key" aria-hidden="true">
            {i + 1}
          </span>
          {choice.text}
        </button>
      ))}
    </fieldset>
  );
}
