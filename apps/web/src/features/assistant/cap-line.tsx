import type { AssistantCap } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/i18n';

/** When the cap resets, in the player's language and time zone ("at 09:00", "明日 9:00"). */
export function formatReset(resetsAt: string, locale: string, now = new Date()): string {
  const at = new Date(resetsAt);
  const tag = locale.replace('_', '-');
  const time = new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' }).format(at);
  const sameDay = at.toDateString() === now.toDateString();
  if (sameDay) return time;
  const day = new Intl.DateTimeFormat(tag, { weekday: 'short', month: 'short', day: 'numeric' });
  return `${day.format(at)} ${time}`;
}

/**
 * What is left of today's messages; once none are, the server's 6401 words and when they come
 * back (shown before a refusal too, so nobody types a message that cannot be sent).
 */
export function CapLine({ cap, refusal }: { cap: AssistantCap; refusal: string | null }) {
  const { t } = useTranslation();
  const left = Math.max(0, cap.limit - cap.used);
  if (left > 0 && !refusal) {
    return (
      <p className="assistant-cap" data-testid="assistant-cap">
        {t('assistant.capLeft', { left, limit: cap.limit })}
      </p>
    );
  }
  return (
    <p className="assistant-cap assistant-cap--out" role="alert" data-testid="assistant-cap">
      {refusal ? `${refusal}. ` : ''}
      {t('assistant.capResets', { time: formatReset(cap.resets_at, currentLocale()) })}
    </p>
  );
}
