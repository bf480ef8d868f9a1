import type { AssistantMessage, AssistantState } from '@taleforge/contracts';
import type { AssistantSource } from '@taleforge/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { toast } from '../../shared/ui/toast/toast-store';
import type { AvatarMood } from './avatar-art';
import { CapLine } from './cap-line';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { PanelHeader } from './panel-header';
import { useMarkCapUsed, useSaveSettings, useSendTurn } from './use-assistant';
import { useHoldToSpeak } from './use-hold-to-speak';
import { useSpeaker } from './use-speaker';

/** Body status of "today's messages are used up" (contracts 6401). */
const DAILY_CAP = 6401;

type Props = { state: AssistantState; titleId: string; onClose: () => void };

/** The open panel: who speaks, what was said, and the ways to say more. */
export function Conversation({ state, titleId, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = currentLocale();
  const audio = useRef<HTMLAudioElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const settings = useSaveSettings();
  const markCapUsed = useMarkCapUsed();
  const { send, pending } = useSendTurn();
  const speaker = useSpeaker({
    engine: state.voice.speech,
    avatar: state.avatar,
    locale,
    audio,
  });

  const open = useCallback(
    (path: string) => {
      speaker.stop();
      onClose();
      navigate(path);
    },
    [navigate, onClose, speaker],
  );

  const afterReply = (reply: AssistantMessage) => {
    const go = reply.actions.find((a) => a.kind === 'open' && a.auto);
    if (go?.kind === 'open') open(go.path);
    else if (!state.muted) speaker.speak(reply);
  };

  const submit = async (words: string, source: AssistantSource) => {
    speaker.stop();
    if (source === 'text') setText('');
    try {
      afterReply(await send(words, source));
    } catch (error) {
      // The words go back into the box, so nothing typed is lost.
      if (source === 'text') setText((now) => now || words);
      if (isApiError(error) && error.status === DAILY_CAP) {
        setRefusal(error.desc);
        markCapUsed();
      } else {
        toast.error(isApiError(error) && error.desc ? error.desc : t('errors.network'));
      }
    }
  };

  const voice = useHoldToSpeak({
    engine: state.voice.transcription,
    locale,
    onTranscript: (words) => void submit(words, 'voice'),
  });

  let mood: AvatarMood = 'idle';
  if (voice.state.phase === 'recording' || voice.state.phase === 'starting') mood = 'listening';
  else if (pending || voice.transcribing) mood = 'thinking';
  else if (speaker.speaking) mood = 'speaking';

  // Opened before the state arrived, focus sat on the loading view, which is gone now.
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (body.current?.contains(document.activeElement)) return;
    const target =
      body.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      body.current?.querySelector<HTMLElement>('button');
    target?.focus();
  }, []);

  const capped = state.cap.used >= state.cap.limit;
  useEffect(() => {
    if (!capped) setRefusal(null);
  }, [capped]);

  return (
    <div ref={body} className="assistant__body" data-mood={mood}>
      <PanelHeader
        titleId={titleId}
        avatar={state.avatar}
        muted={state.muted}
        mood={mood}
        onAvatar={(avatar) => settings.mutate({ avatar })}
        onMute={() => {
          if (!state.muted) speaker.stop();
          settings.mutate({ muted: !state.muted });
        }}
        onClose={onClose}
      />
      <MessageList
        messages={state.messages}
        hasMore={state.has_more}
        pending={pending}
        onOpen={open}
        voiceAvailable={voice.available}
      />
      <CapLine cap={state.cap} refusal={refusal} />
      <Composer
        text={text}
        onText={setText}
        onSend={() => void submit(text.trim(), 'text')}
        busy={pending !== null || voice.transcribing}
        capped={capped}
        voice={voice}
        input={input}
      />
      {/* biome-ignore lint/a11y/useMediaCaption: a reply read aloud; its text is on screen. */}
      <audio ref={audio} className="assistant__audio" data-testid="assistant-audio" />
    </div>
  );
}
