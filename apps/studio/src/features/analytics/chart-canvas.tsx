import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what these charts draw is registered, so the rest of Chart.js is left out of the chunk.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export const CHART_COLORS = {
  primary: '#7c5cff',
  accent: '#e0a93b',
  grid: 'rgba(128,128,128,0.25)',
};

type Props = {
  config: ChartConfiguration<'bar' | 'line'>;
  /** What the chart shows, for screen readers; the table beside it has the numbers. */
  label: string;
  height: number;
};

/**
 * One Chart.js chart on a canvas, rebuilt when its configuration changes and destroyed with the
 * component. Text colour comes from the page so the charts follow its theme.
 */
export function ChartCanvas({ config, label, height }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element?.getContext('2d')) return;
    Chart.defaults.color = getComputedStyle(element).color;
    Chart.defaults.font.family = getComputedStyle(element).fontFamily;
    const chart = new Chart(element, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="analytics-chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
