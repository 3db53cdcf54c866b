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
import { useFormat, useT } from '../../../i18n/use-t.ts';
import type { Translate } from '../utils/report-columns.ts';

const HEIGHT = 280;
/** Counts are whole numbers: no 0.5 ticks. */
const WHOLE_STEPS = [...COUNT_STEPS];
/** Both count axes from zero (utils/chart-range.ts). */
const fromZero: uPlot.Range.Function = (_chart, _min, max) => zeroBasedRange(max);

/** The chart's name for screen readers, in the page's language (`date` writes a day: `1 mars 2027`). */
export function timelineSummary(t: Translate, date: (day: string) => string, days: readonly TimelineDay[], event: EventType): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return t('reporting.timeline.none', { event });
  const registrations = days.reduce((n, d) => n + d.registrations, 0);
  return t('reporting.timeline.summary', { event, first: date(first.date), last: date(last.date), registrations, enrolled: last.cumulative });
}

/** uPlot's columns: x in seconds since the epoch (UTC midnight of each day). */
export function toSeries(days: readonly TimelineDay[]): uPlot.AlignedData {
  return [days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000), days.map((d) => d.registrations), days.map((d) => d.cumulative)];
}

export default function TimelineChart({ days, event }: { days: readonly TimelineDay[]; event: EventType }) {
  const container = useRef<HTMLDivElement | null>(null);
  const t = useT();
  const fmt = useFormat();
  const perDay = t('reporting.timeline.axis.perDay');
  const enrolled = t('reporting.timeline.axis.enrolled');
  const dateLabel = t('reporting.column.date');
  const registrationsLabel = t('reporting.column.registrations');

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
        // Day ticks in the page's language (`1 mars` / `Mar 1`), not uPlot's English month names.
        { values: (_chart, splits) => splits.map((seconds) => fmt.date(seconds * 1000, { month: 'short', day: 'numeric', timeZone: 'UTC' })) },
        { scale: 'count', label: perDay, incrs: WHOLE_STEPS },
        { scale: 'total', side: 1, label: enrolled, grid: { show: false }, incrs: WHOLE_STEPS },
      ],
      series: [
        { label: dateLabel },
        { label: registrationsLabel, scale: 'count', stroke: '#0d6efd', fill: 'rgba(13, 110, 253, 0.35)', ...(bars ? { paths: bars } : {}), points: { show: false } },
        { label: enrolled, scale: 'total', stroke: '#198754', width: 2 },
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
  }, [days, fmt, perDay, enrolled, dateLabel, registrationsLabel]);

  return <div ref={container} className="timeline-chart" role="img" aria-label={timelineSummary(t, (day) => fmt.date(day), days, event)} data-testid="timeline-chart" />;
}
