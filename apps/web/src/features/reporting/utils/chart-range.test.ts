import { describe, expect, it } from 'vitest';
import { zeroBasedRange } from './chart-range.ts';

describe('timeline axes', () => {
  it('start at zero whatever the smallest value, with a round top at or above the largest', () => {
    expect(zeroBasedRange(37)).toEqual([0, 40]);
    expect(zeroBasedRange(20)).toEqual([0, 20]);
    expect(zeroBasedRange(3)).toEqual([0, 3]);
    expect(zeroBasedRange(2_430)).toEqual([0, 2_500]);
    expect(zeroBasedRange(0)).toEqual([0, 1]);
    expect(zeroBasedRange(null)).toEqual([0, 1]);
  });
});
