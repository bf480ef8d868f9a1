import { useState } from 'react';
import type { AnalyticsApi, AnalyticsQuery } from './analytics-api';
import { useAnalyticsText } from './use-analytics-text';

/** Saves the CSV the server wrote under the name it gave (the call needs the token, so no link). */
export function CsvButton({ api, query }: { api: AnalyticsApi; query: AnalyticsQuery }) {
  const { t } = useAnalyticsText();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const handleClick = async () => {
    setState('busy');
    try {
      const { blob, name } = await api.downloadCsv(query);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name ?? `work-${query.id}-analytics-${query.range}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="analytics-csv">
      <button type="button" onClick={() => void handleClick()} disabled={state === 'busy'}>
        {t('csv')}
      </button>
      {state === 'failed' && <p role="alert">{t('csvFailed')}</p>}
    </div>
  );
}
