import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useOnePerTask } from './use-one-per-task.ts';

const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

describe('useOnePerTask', () => {
  it('releases nothing while inactive, then one step per task up to the total', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(({ active }) => {
      const released = useOnePerTask(3, { active });
      seen.push(released);
      return released;
    }, { initialProps: { active: false } });
    await settle();
    expect(result.current).toBe(0);
    rerender({ active: true });
    await waitFor(() => expect(result.current).toBe(3));
    // Every value in turn: never two steps in one go.
    expect([...new Set(seen)]).toEqual([0, 1, 2, 3]);
    await settle();
    expect(result.current).toBe(3);
  });

  it('starts at `first`, never shows more than the total, and goes on when the total grows', async () => {
    const { result, rerender } = renderHook(({ total }) => useOnePerTask(total, { first: 1 }), { initialProps: { total: 0 } });
    expect(result.current).toBe(0);
    rerender({ total: 1 });
    expect(result.current).toBe(1);
    await settle();
    expect(result.current).toBe(1);
    rerender({ total: 3 });
    await waitFor(() => expect(result.current).toBe(3));
  });
});
