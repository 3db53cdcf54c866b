/**
 * The timeline chart's count axes start at zero: an axis from the data's own minimum (uPlot's
 * `auto`) made 20 registrations look like none and doubled every difference by eye.
 */

/** Whole-number tick steps (counts have no 0.5 ticks). */
export const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000] as const;

/** [0, a round top at or above the largest value] with about five whole steps; [0, 1] for no data. */
export function zeroBasedRange(max: number | null | undefined): [number, number] {
  if (max === null || max === undefined || !Number.isFinite(max) || max <= 0) return [0, 1];
  const step = WHOLE_STEPS.find((s) => s * 5 >= max) ?? 100_000;
  return [0, Math.ceil(max / step) * step];
}
