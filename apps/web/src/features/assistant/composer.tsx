import { ASSISTANT_LIMITS } from '@taleforge/contracts/constants';
import { type FormEvent, type RefObject, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLimitCounter, textLimit } from '../../shared/ui/text-limit/text-limit';
import { MicButton } from './mic-button';
import type { useHoldToSpeak, VoiceNotice } from './use-hold-to-speak';

type Props = {
  text: string;
  onText: (text: string) => void;
  onSend: () => void;
  busy: boolean;
  /** The day's messages are used up: nothing can be sent until the cap resets. */
  capped: boolean;
  voice: ReturnType<typeof useHoldToSpeak>;
  input: RefObject<HTMLTextAreaElement | null>;
};

const finePointer = () =>
  typeof matchMedia !== 'undefined' && matchMedia('(pointer: fine)').matches;

function noticeText(notice: VoiceNotice, t: (key: string) => string) {
  return 'text' in notice ? notice.text : t(`assistant.hint.${notice.key}`);
}

/** The text box, Send and the microphone. Whatever voice does, the text box keeps working. */
export function Composer({ text, onText, onSend, busy, capped, voice, input }: Props) {
  const { t } = useTranslation();
  const statusId = useId();
  const limitId = useId();
  const limit = textLimit(text, ASSISTANT_LIMITS.messageMaxChars);
  const holding = voice.state.phase === 'starting' || voice.state.phase === 'recording';

  // A refused microphone sends the player to the text box.
  const denied = voice.notice !== null && 'key' in voice.notice && voice.notice.key === 'denied';
  useEffect(() => {
    if (denied) input.current?.focus();
  }, [denied, input]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !capped && !limit.over && text.trim()) onSend();
  };

  let status: string | null = null;
  if (holding) status = t('assistant.recording');
  else if (voice.transcribing) status = t('assistant.transcribing');
  else if (voice.notice) status = noticeText(voice.notice, t);

  return (
    <form className="assistant-composer" onSubmit={handleSubmit}>
      <p
        id={statusId}
        className="assistant-composer__status"
        role="status"
        data-testid="assistant-voice-status"
      >
        {status}
      </p>
      <div className="assistant-composer__row">
        <MicButton voice={voice} disabled={busy || capped} describedBy={statusId} />
        <textarea
          ref={input}
          className="assistant-composer__input"
          aria-label={t('assistant.inputLabel')}
          placeholder={t('assistant.placeholder')}
          value={text}
          rows={1}
          // Keyboards and mice start typing; a phone does not get its keyboard pushed up.
          data-autofocus={finePointer() ? '' : undefined}
          aria-invalid={limit.over || undefined}
          aria-describedby={limitId}
          disabled={capped}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              handleSubmit(event);
            }
          }}
        />
        <button
          type="submit"
          className="button button--gold assistant-composer__send"
          disabled={busy || capped || limit.over || !text.trim()}
        >
          {t('assistant.send')}
        </button>
      </div>
      <TextLimitCounter id={limitId} limit={limit} />
    </form>
  );
}
