import { useQuery } from '@tanstack/react-query';
import type { ChartConfiguration } from 'chart.js';
import { useMemo, useState } from 'react';
import type { AnalyticsApi, AnalyticsRange, StudioAnalytics } from './analytics-api';
import { ChapterFigures } from './chapter-figures';
import { CHART_COLORS, ChartCanvas } from './chart-canvas';
import { CsvButton } from './csv-button';
import { FiguresTable } from './figures-table';
import { RangePicker } from './range-picker';
import { useAnalyticsText } from './use-analytics-text';
import './analytics.css';

export type AnalyticsPageProps = { workId: number; api: AnalyticsApi };

const day = (iso: string) => iso.slice(0, 10);

function useCharts(data: StudioAnalytics | undefined) {
  const { t } = useAnalyticsText();
  return useMemo(() => {
    if (!data) return null;
    const daily: ChartConfiguration<'line'> = {
      type: 'line',
      data: {
        labels: data.daily.map((d) => d.day.slice(5)),
        datasets: [
          {
            label: t('daily.players'),
            data: data.daily.map((d) => d.starts),
            borderColor: CHART_COLORS.primary,
            backgroundColor: CHART_COLORS.primary,
            tension: 0.25,
            pointRadius: data.daily.length > 40 ? 0 : 2,
          },
        ],
      },
      options: {
        plugins: { legend: { display: false } },
        scales: {
          x: { grid: { display: false }, ticks: { maxTicksLimit: 8 } },
          y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: CHART_COLORS.grid } },
        },
      },
    };
    const funnel: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels: data.chapters.map((c) => t('chapter', { n: c.position, title: c.title })),
        datasets: [
          {
            label: t('funnel.starts'),
            data: data.chapters.map((c) => c.starts),
            backgroundColor: CHART_COLORS.primary,
            maxBarThickness: 56,
          },
          {
            label: t('funnel.completions'),
            data: data.chapters.map((c) => c.completions),
            backgroundColor: CHART_COLORS.accent,
            maxBarThickness: 56,
          },
        ],
      },
      options: {
        scales: {
          y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: CHART_COLORS.grid } },
        },
      },
    };
    return { daily, funnel };
  }, [data, t]);
}

/** A work's figures for its creator: players over time, each chapter's funnel, drop-off and choices. */
export default function AnalyticsPage({ workId, api }: AnalyticsPageProps) {
  const { t } = useAnalyticsText();
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const query = { id: workId, range };
  const figures = useQuery({
    queryKey: ['studio-analytics', workId, range],
    queryFn: ({ signal }) => api.fetchAnalytics(query, signal),
  });
  const data = figures.data;
  const charts = useCharts(data);

  return (
    <section className="analytics" aria-labelledby="analytics-title" aria-busy={figures.isFetching}>
      <header className="analytics__head">
        <div>
          <h2 id="analytics-title">{t('title')}</h2>
          {data && (
            <p className="analytics-muted">
              {t('period', { from: day(data.from), to: day(data.to) })}
            </p>
          )}
        </div>
        <RangePicker value={range} onChange={setRange} />
        <CsvButton api={api} query={query} />
      </header>

      {figures.isPending && <p role="status">{t('loading')}</p>}
      {figures.isError && (
        <div role="alert" className="analytics-card">
          <p>{t('failed')}</p>
          <button type="button" onClick={() => void figures.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}

      {data && charts && (
        <>
          {data.chapters.length === 0 && <p className="analytics-muted">{t('unpublished')}</p>}
          <section className="analytics-card" aria-labelledby="analytics-gems">
            <h3 id="analytics-gems">{t('gems.title')}</h3>
            <dl className="analytics-gems">
              <div>
                <dt>{t('gems.chapters')}</dt>
                <dd>{data.gems.chapters}</dd>
              </div>
              <div>
                <dt>{t('gems.chat')}</dt>
                <dd>{data.gems.chat}</dd>
              </div>
            </dl>
          </section>

          <section className="analytics-card" aria-labelledby="analytics-daily">
            <h3 id="analytics-daily">{t('daily.title')}</h3>
            <p className="analytics-muted">{t('daily.note')}</p>
            <ChartCanvas config={charts.daily} label={t('daily.title')} height={180} />
            <FiguresTable
              caption={t('daily.title')}
              head={[t('day'), t('daily.players')]}
              rows={data.daily.map((d) => [d.day, d.starts])}
            />
          </section>

          {data.chapters.length > 0 && (
            <section className="analytics-card" aria-labelledby="analytics-funnel">
              <h3 id="analytics-funnel">{t('funnel.title')}</h3>
              <ChartCanvas config={charts.funnel} label={t('funnel.title')} height={220} />
              <FiguresTable
                caption={t('funnel.title')}
                head={[t('funnel.title'), t('funnel.starts'), t('funnel.completions')]}
                rows={data.chapters.map((c) => [
                  t('chapter', { n: c.position, title: c.title }),
                  c.starts,
                  c.completions,
                ])}
              />
            </section>
          )}

          {data.chapters.map((chapter) => (
            <ChapterFigures key={chapter.position} chapter={chapter} />
          ))}
        </>
      )}
    </section>
  );
}
