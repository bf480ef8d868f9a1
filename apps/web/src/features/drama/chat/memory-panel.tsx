import { LIMITS } from '@taleforge/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { TextLimitCounter, textLimit } from '../../../shared/ui/text-limit/text-limit';
import { toast } from '../../../shared/ui/toast/toast-store';
import { type ConversationKey, chatKeys, fetchMemory, saveMemory } from './chat-api';

/** What the character remembers: the running summary and pinned facts, both editable. */
export function MemoryPanel({ conversation }: { conversation: ConversationKey }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const memory = useQuery({
    queryKey: chatKeys.memory(conversation),
    queryFn: ({ signal }) => fetchMemory(conversation, signal),
  });
  const [summary, setSummary] = useState('');
  const [pinned, setPinned] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  useEffect(() => {
    if (!memory.data) return;
    setSummary(memory.data.summary);
    setPinned(memory.data.pinned);
  }, [memory.data]);
  const save = useMutation({
    mutationFn: () => saveMemory(conversation, { summary, pinned }),
    onSuccess: (data) => {
      queryClient.setQueryData(chatKeys.memory(conversation), data);
      toast.success(t('chat.memory.saved'));
    },
    onError: (error) => {
      if (isApiError(error) && error.kind === 'status') toast.error(error.desc);
    },
  });
  const data = memory.data;
  const summaryLimit = textLimit(summary, LIMITS.chatSummaryMaxChars);
  const factLimit = textLimit(draft, LIMITS.chatPinnedFactMaxChars);
  const addFact = () => {
    const fact = draft.trim();
    if (!fact || factLimit.over || pinned.length >= LIMITS.chatPinnedFactsMax) return;
    setPinned([...pinned, fact]);
    setDraft('');
  };
  return (
    <section className="chat-memory" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('chat.memory.title')}</h3>
      {data && (
        <div className="chat-memory__meter">
          <span>
            {t('chat.memory.context', { used: data.context_chars, budget: data.context_budget })}
          </span>
          <meter min={0} max={data.context_budget} value={data.context_chars} />
        </div>
      )}
      <label htmlFor={`${id}-summary`}>{t('chat.memory.summary')}</label>
      <textarea
        id={`${id}-summary`}
        value={summary}
        rows={3}
        aria-invalid={summaryLimit.over || undefined}
        aria-describedby={`${id}-summary-limit`}
        placeholder={t('chat.memory.summaryEmpty')}
        onChange={(e) => setSummary(e.target.value)}
      />
      <TextLimitCounter id={`${id}-summary-limit`} limit={summaryLimit} />
      <p className="chat-memory__label">{t('chat.memory.pinned')}</p>
      <ul className="chat-memory__facts">
        {pinned.map((fact, i) => (
          // Facts are plain strings the player may repeat; their place is their identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={`${i}-${fact}`}>
            <span>{fact}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('chat.memory.unpin', { fact })}
              onClick={() => setPinned(pinned.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="chat-memory__add">
        <input
          aria-label={t('chat.memory.newFact')}
          placeholder={t('chat.memory.newFact')}
          value={draft}
          aria-invalid={factLimit.over || undefined}
          aria-describedby={`${id}-fact-limit`}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addFact();
            }
          }}
        />
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={factLimit.over}
          onClick={addFact}
        >
          {t('chat.memory.pin')}
        </button>
      </div>
      <TextLimitCounter id={`${id}-fact-limit`} limit={factLimit} />
      <button
        type="button"
        className="button button--small button--gold"
        disabled={save.isPending || !data || summaryLimit.over}
        onClick={() => save.mutate()}
      >
        {t('chat.memory.save')}
      </button>
    </section>
  );
}
