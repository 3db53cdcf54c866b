/**
 * A function's answers kept for the arguments seen last: for per-request work whose input repeats
 * from request to request (a reader's token, a browser's Accept-Encoding) and whose answer depends on
 * nothing else. At most `max` answers are kept; when full the memory starts over, so a flood of new
 * inputs costs a clear now and then, never unbounded memory. A call that throws keeps nothing.
 */
export function remembered<V>(compute: (input: string) => V, max: number): (input: string) => V {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('remembered: max must be a positive integer');
  const answers = new Map<string, V>();
  return (input) => {
    if (answers.has(input)) return answers.get(input) as V;
    const answer = compute(input);
    if (answers.size >= max) answers.clear();
    answers.set(input, answer);
    return answer;
  };
}
