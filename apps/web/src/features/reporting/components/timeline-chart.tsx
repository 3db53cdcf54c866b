/**
 * The timeline as a uPlot chart (canvas): daily registrations as bars, enrolled at each day's end as
 * a line on its own axis. A lazy chunk of its own. Screen readers get the table beside it, so the
 * canvas is one image with a summary as its name.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { EventType, TimelineDay } from '@portal/contracts';
import { WHOLE_STEPS as COUNT_STEPS, zeroBasedRange } from '../utils/chart-range.ts';

const HEIGHT = 280;
/** Counts are whole numbers: no 0.5 ticks. */
const WHOLE_STEPS = [...COUNT_STEPS];
/** Both count axes from zero (utils/chart-range.ts). */
const fromZero: uPlot.Range.Function = (_chart, _min, max) => zeroBasedRange(max);

export function timelineSummary(days: readonly TimelineDay[], event: EventType): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return `No registrations for ${event} yet.`;
  const registrations = days.reduce((n, d) => n + d.registrations, 0);
  return `Chart of ${event} registrations from ${first.date} to ${last.date}: ${registrations} registrations, ${last.cumulative} enrolled at the end. The numbers are in the table below.`;
}

/** uPlot's columns: x in seconds since the epoch (UTC midnight of each day). */
export function toSeries(days: readonly TimelineDay[]): uPlot.AlignedData {
  return [days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000), days.map((d) => d.registrations), days.map((d) => d.cumulative)];
}

export default function TimelineChart({ days, event }: { days: readonly TimelineDay[]; event: EventType }) {
  const container = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const bars = uPlot.paths.bars?.({ size: [0.8, 24] });
    const options: uPlot.Options = {
      width: Math.max(320, element.clientWidth),
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, count: { range: fromZero }, total: { range: fromZero } },
      axes: [
        {},
        { scale: 'count', label: 'Registrations per day', incrs: WHOLE_STEPS },
        { scale: 'total', side: 1, label: 'Enrolled', grid: { show: false }, incrs: WHOLE_STEPS },
      ],
      series: [
        { label: 'Date' },
        { label: 'Registrations', scale: 'count', stroke: '#0d6efd', fill: 'rgba(13, 110, 253, 0.35)', ...(bars ? { paths: bars } : {}), points: { show: false } },
        { label: 'Enrolled', scale: 'total', stroke: '#198754', width: 2 },
      ],
      legend: { live: false },
    };
    const chart = new uPlot(options, toSeries(days), element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(320, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);

  return <div ref={container} className="timeline-chart" role="img" aria-label={timelineSummary(days, event)} data-testid="timeline-chart" />;
}
