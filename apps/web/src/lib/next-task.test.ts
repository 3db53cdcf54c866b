import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task.ts';

describe('nextTask', () => {
  it('resolves after the running task, not among its microtasks', async () => {
    let resolved = false;
    const waiting = nextTask().then(() => {
      resolved = true;
    });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(resolved).toBe(false);
    await waiting;
    expect(resolved).toBe(true);
  });
});
