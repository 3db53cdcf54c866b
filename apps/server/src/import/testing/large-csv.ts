/** Large roster files for the import's limits (tests and bench/admin/import-event-loop.bench.ts). */

export const ROSTER_HEADER = 'dlrnum,email,first_name,last_name,role';

/**
 * A roster file of `rows` rows whose every e-mail is malformed: one problem per row. 60,000 rows
 * make about 3.4 MB, the size of the file the review sent (60,000 problems in a 6.8 MB answer).
 */
export function rosterWithBadEmails(rows: number): string {
  const lines = [ROSTER_HEADER];
  for (let i = 0; i < rows; i++) lines.push(`10001,not-an-address-${String(i).padStart(6, '0')},Firstname${i % 97},Lastname${i},staff`);
  return `${lines.join('\n')}\n`;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The longest pause of the event loop while `work` runs, seen by a timer that should fire every
 * 5 ms: in wall-clock time (`longestMs`, what a waiting request feels; on a loaded machine it grows
 * with the time the process waits for a core) and in the CPU time the process used between two
 * firings (`longestCpuMs`, the work done in one slice, which the machine's load does not stretch).
 */
export async function longestEventLoopPause<T>(work: () => Promise<T>): Promise<{ result: T; longestMs: number; longestCpuMs: number }> {
  let last = performance.now();
  let lastCpu = cpuMs();
  let longest = 0;
  let longestCpu = 0;
  const mark = () => {
    const now = performance.now();
    const cpu = cpuMs();
    longest = Math.max(longest, now - last);
    longestCpu = Math.max(longestCpu, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(mark, 5);
  try {
    const result = await work();
    mark();
    return { result, longestMs: longest, longestCpuMs: longestCpu };
  } finally {
    clearInterval(timer);
  }
}
