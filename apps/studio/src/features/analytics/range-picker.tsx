import { ANALYTICS_RANGES, type AnalyticsRange } from './analytics-api';
import { useAnalyticsText } from './use-analytics-text';

/** The period as a radio group: arrow keys move between the options, as a segmented control should. */
export function RangePicker({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  const { t } = useAnalyticsText();
  return (
    <fieldset className="analytics-range">
      <legend>{t('range.label')}</legend>
      {ANALYTICS_RANGES.map((range) => (
        <label key={range} className={range === value ? 'analytics-range__on' : undefined}>
          <input
            type="radio"
            name="analytics-range"
            value={range}
            checked={range === value}
            onChange={() => onChange(range)}
          />
          {t(`range.${range}`)}
        </label>
      ))}
    </fieldset>
  );
}
