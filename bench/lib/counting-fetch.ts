/**
 * What the file-sized report benchmarks measure around one request: the answer's bytes counted
 * without being kept (the client holds no copy), and the peak memory of this process meanwhile.
 */
import { request } from 'node:http';

export interface CountedAnswer {
  status: number;
  bytes: number;
  firstByteMs: number;
  /** The first bytes of the answer (up to 200), to check what it is. */
  head: Buffer;
}

/** GETs `path` with a bearer token and counts the bytes of the answer. */
export function fetchCounting(base: URL, path: string, token: string): Promise<CountedAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      let head = Buffer.alloc(0);
      let firstByteMs = 0;
      res.on('data', (chunk: Buffer) => {
        if (!bytes) firstByteMs = performance.now() - started;
        if (head.length < 200) head = Buffer.concat([head, chunk.subarray(0, 200 - head.length)]);
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, firstByteMs, head }));
    });
    req.on('error', reject);
    req.end();
  });
}

const heapOf = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external + m.arrayBuffers;

/**
 * Samples this process's memory every 5 ms from now (after a GC when node runs with --expose-gc);
 * `stop` answers the peaks over the level at the start, in bytes: RSS, and heap plus buffers.
 */
export function sampleMemory(): { stop(): { rss: number; heap: number } } {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = heapOf(base);
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, heapOf(m));
  }, 5);
  return {
    stop() {
      clearInterval(sampler);
      return { rss: peakRss - base.rss, heap: peakHeap - heapOf(base) };
    },
  };
}
