import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import type { ChapterAnalytics } from './analytics-api';
import { CHART_COLORS, ChartCanvas } from './chart-canvas';
import { FiguresTable } from './figures-table';
import { useAnalyticsText } from './use-analytics-text';

const percent = (share: number) => Math.round(share * 1000) / 10;

/** Choices grouped by the knot they were offered at, in the order the server gave them. */
function byKnot(choices: ChapterAnalytics['choices']) {
  const groups = new Map<string, ChapterAnalytics['choices']>();
  for (const choice of choices)
    groups.set(choice.knot, [...(groups.get(choice.knot) ?? []), choice]);
  return [...groups];
}

/** One chapter: started and finished, where players stopped, and which choices they took. */
export function ChapterFigures({ chapter }: { chapter: ChapterAnalytics }) {
  const { t } = useAnalyticsText();
  const knotName = (knot: string) => knot || t('knotTop');
  const name = t('chapter', { n: chapter.position, title: chapter.title });
  const rate = chapter.starts ? Math.round((chapter.completions / chapter.starts) * 100) : 0;
  const headingId = `analytics-chapter-${chapter.position}`;

  const dropOff = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: chapter.drop_off.map((d) => d.knot || t('knotTop')),
        datasets: [
          {
            label: t('dropOff.players'),
            data: chapter.drop_off.map((d) => d.players),
            backgroundColor: CHART_COLORS.accent,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false } },
        scales: {
          x: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: CHART_COLORS.grid } },
        },
      },
    }),
    [chapter.drop_off, t],
  );

  return (
    <section className="analytics-card analytics-chapter" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <dl className="analytics-chapter__funnel">
        <div>
          <dt>{t('funnel.starts')}</dt>
          <dd>{chapter.starts}</dd>
        </div>
        <div>
          <dt>{t('funnel.completions')}</dt>
          <dd>{chapter.completions}</dd>
        </div>
      </dl>
      <p className="analytics-muted">{t('funnel.rate', { rate })}</p>

      <h4>{t('dropOff.title')}</h4>
      {chapter.drop_off.length === 0 ? (
        <p className="analytics-muted">{t('dropOff.none')}</p>
      ) : (
        <>
          <ChartCanvas
            config={dropOff}
            label={`${name}: ${t('dropOff.title')}`}
            height={Math.max(96, chapter.drop_off.length * 34 + 40)}
          />
          <FiguresTable
            caption={`${name}: ${t('dropOff.title')}`}
            head={[t('knot'), t('dropOff.players')]}
            rows={chapter.drop_off.map((d) => [knotName(d.knot), d.players])}
          />
        </>
      )}

      <h4>{t('choices.title')}</h4>
      {chapter.choices.length === 0 ? (
        <p className="analytics-muted">{t('choices.none')}</p>
      ) : (
        byKnot(chapter.choices).map(([knot, choices]) => (
          <div key={knot} className="analytics-choices">
            <h5>{knotName(knot)}</h5>
            <ul>
              {choices.map((c) => (
                <li key={c.text}>
                  <span className="analytics-choices__text">{c.text}</span>
                  <span className="analytics-choices__bar" aria-hidden="true">
                    <span style={{ width: `${percent(c.share)}%` }} />
                  </span>
                  <span className="analytics-choices__share">
                    {t('choices.picks', { count: c.picks, share: percent(c.share) })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
