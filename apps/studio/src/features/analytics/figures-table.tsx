import type { ReactNode } from 'react';
import { useAnalyticsText } from './use-analytics-text';

type Props = {
  caption: string;
  head: string[];
  rows: (string | number)[][];
};

/** The numbers behind a chart, one tap away: for screen readers, keyboards and exact values. */
export function FiguresTable({ caption, head, rows }: Props): ReactNode {
  const { t } = useAnalyticsText();
  return (
    <details className="analytics-table">
      <summary>{t('table')}</summary>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('\u0000')}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={head[i]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={head[i]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
