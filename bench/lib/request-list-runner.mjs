// Sends a fixed list of requests in its own process (so the load generator does not share the
// server's event loop) and prints each answer as JSON. Input: a JSON file
// { url, lanes: [[{ method, path, body }]] }: every lane is one client (a keep-alive connection)
// sending its requests one after the other; all lanes start together. Output: per request, in lane
// order, { lane, status, ms, at, body } (at: ms from the start to its send; body parsed when it is JSON), the wall time and this process's CPU.
//
// With `ratePerSecond` the load is open instead: the lanes' requests are dealt in turn (each lane's
// first, then each lane's second, ...) and request k is sent at start + k / ratePerSecond whether or
// not earlier answers are back, each on a free keep-alive connection. Its `ms` counts from the time it
// was due, so a server that falls behind the rate shows it in the latencies (no coordinated omission).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const base = new URL(spec.url);
const rate = spec.ratePerSecond;
const agent = new Agent({ keepAlive: true, maxSockets: rate ? 1024 : spec.lanes.length });

function send(r, due) {
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    const sent = due ?? performance.now();
    const req = request(
      { agent, host: base.hostname, port: base.port, method: r.method, path: r.path, headers: { ...(r.headers ?? {}), ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - sent;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          resolve({ status: res.statusCode ?? 0, ms: Math.round(ms * 100) / 100, at: Math.round(sent - started), body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cpu0 = process.cpuUsage();
const started = performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Open load: every request sent at its due time; answers returned in lane order. */
async function openLoad() {
  const dealt = [];
  const longest = Math.max(0, ...spec.lanes.map((l) => l.length));
  for (let k = 0; k < longest; k++) spec.lanes.forEach((lane, i) => k < lane.length && dealt.push({ lane: i, k, r: lane[k] }));
  const pending = [];
  for (let n = 0; n < dealt.length; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const { lane, k, r } = dealt[n];
    pending.push(send(r, due).then((a) => ({ lane, k, answer: { lane, ...a } })));
  }
  const done = await Promise.all(pending);
  done.sort((a, b) => a.lane - b.lane || a.k - b.k);
  return done.map((d) => d.answer);
}

const answers = rate
  ? await openLoad()
  : await Promise.all(
      spec.lanes.map(async (lane, i) => {
        const out = [];
        for (const r of lane) out.push({ lane: i, ...(await send(r)) });
        return out;
      }),
    );
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpu0);
agent.destroy();
process.stdout.write(JSON.stringify({ wallMs, loadCpuMicros: cpu.user + cpu.system, answers: answers.flat() }));
