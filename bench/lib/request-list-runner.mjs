// Sends a fixed list of requests in its own process (so the load generator does not share the
// server's event loop) and prints each answer as JSON. Input: a JSON file
// { url, lanes: [[{ method, path, body }]] }: every lane is one client (a keep-alive connection)
// sending its requests one after the other; all lanes start together. Output: per request, in lane
// order, { lane, status, ms, body } (body parsed when it is JSON), the wall time and this process's CPU.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const base = new URL(spec.url);
const agent = new Agent({ keepAlive: true, maxSockets: spec.lanes.length });

function send(r) {
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    const started = performance.now();
    const req = request(
      { agent, host: base.hostname, port: base.port, method: r.method, path: r.path, headers: { ...(r.headers ?? {}), ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          resolve({ status: res.statusCode ?? 0, ms: Math.round(ms * 100) / 100, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cpu0 = process.cpuUsage();
const started = performance.now();
const answers = await Promise.all(
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
