// Sends a list of prepared requests from its own process (so the load generator does not share the
// event loop of the app under test), `connections` at a time over keep-alive connections, and prints
// each request's latency (ms) and status, the run's wall time and this process's CPU as JSON.
// Node's fetch keeps its connections alive between requests. Input: a JSON file
// { url, connections, requests: [{ method, path, headers?, body? }] }.
import { readFileSync } from 'node:fs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const latencies = new Array(spec.requests.length);
const statuses = new Array(spec.requests.length);
const cpu0 = process.cpuUsage();
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: spec.connections }, async () => {
    while (next < spec.requests.length) {
      const n = next++;
      const r = spec.requests[n];
      const t0 = performance.now();
      const res = await fetch(`${spec.url}${r.path}`, {
        method: r.method,
        headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...(r.headers ?? {}) },
        ...(r.body ? { body: r.body } : {}),
      });
      await res.arrayBuffer();
      latencies[n] = performance.now() - t0;
      statuses[n] = res.status;
    }
  }),
);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({ latencies, statuses, wallMs, cpuMicros: cpu.user + cpu.system }));
