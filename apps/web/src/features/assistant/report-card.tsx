import { ASSISTANT_LIMITS } from '@taleforge/contracts/constants';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api';
import { TextLimitCounter, textLimit } from '../../shared/ui/text-limit/text-limit';
import { toast } from '../../shared/ui/toast/toast-store';
import { sendReport } from './assistant-api';

/**
 * The player's consent before anything reaches support: the description (theirs to edit) and,
 * only if they tick it, this conversation. One id per card, so a double click files one report.
 */
export function ReportCard({ draft }: { draft: string }) {
  const { t } = useTranslation();
  const [description, setDescription] = useState(draft);
  const limit = textLimit(description, ASSISTANT_LIMITS.reportMaxChars);
  const [include, setInclude] = useState(false);
  const [state, setState] = useState<'open' | 'sending' | 'sent'>('open');
  const reportId = useRef(crypto.randomUUID());
  const headingId = useId();
  const limitId = useId();

  if (state === 'sent') {
    return (
      <p className="assistant-report assistant-report--sent" role="status">
        {t('assistant.reportSent')}
      </p>
    );
  }

  const handleSend = async () => {
    setState('sending');
    try {
      await sendReport({
        client_report_id: reportId.current,
        description,
        include_conversation: include,
      });
      setState('sent');
    } catch (error) {
      setState('open');
      if (isApiError(error) && error.desc) toast.error(error.desc);
    }
  };

  return (
    <section className="assistant-report" aria-labelledby={headingId}>
      <h3 id={headingId} className="assistant-report__title">
        {t('assistant.reportTitle')}
      </h3>
      <textarea
        className="assistant-report__text"
        aria-labelledby={headingId}
        value={description}
        rows={3}
        aria-invalid={limit.over || undefined}
        aria-describedby={limitId}
        onChange={(event) => setDescription(event.target.value)}
      />
      <TextLimitCounter id={limitId} limit={limit} />
      <label className="assistant-report__include">
        <input
          type="checkbox"
          checked={include}
          onChange={(event) => setInclude(event.target.checked)}
        />
        {t('assistant.reportInclude')}
      </label>
      <button
        type="button"
        className="button button--gold button--small"
        disabled={state === 'sending' || !description.trim() || limit.over}
        onClick={() => void handleSend()}
      >
        {t('assistant.reportSend')}
      </button>
    </section>
  );
}
