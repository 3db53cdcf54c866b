import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.ts';

describe('remembered', () => {
  it('computes an answer once per input, keeps at most max of them, and keeps nothing for a call that throws', () => {
    const calls: string[] = [];
    const length = remembered((input: string) => {
      calls.push(input);
      if (input === 'bad') throw new Error('bad input');
      return input.length;
    }, 2);
    expect([length('a'), length('bb'), length('a'), length('bb')]).toEqual([1, 2, 1, 2]);
    expect(calls).toEqual(['a', 'bb']);
    // Full: the third input starts the memory over.
    expect(length('ccc')).toBe(3);
    expect(length('a')).toBe(1);
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a']);
    expect(() => length('bad')).toThrow('bad input');
    expect(() => length('bad')).toThrow('bad input');
    expect(calls.filter((c) => c === 'bad')).toHaveLength(2);
    expect(() => remembered(String, 0)).toThrow(RangeError);
  });
});
