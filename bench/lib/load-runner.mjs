// Runs one autocannon load in its own process (so the load generator does not share the server's
// event loop) and prints the result as JSON. Input: a JSON file with autocannon options and, for
// varied bodies, `bodies` (one per request, in turn).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { bodies, distinct = false, headersList, path = '/', method = 'GET', headers = {}, samples = false, ...options } = spec;
const cpu0 = process.cpuUsage();
// Varied bodies are built into requests once, before the run: building each request again per send
// (autocannon's setupRequest) cost the generator about 30 µs of CPU per login, taken from the two
// cores the server under test shares with it. Every connection goes through them in turn.
// `distinct`: each body is sent once, handed out in turn across all connections (autocannon gives
// every connection its own pass through `requests`, so otherwise each body goes out once per
// connection); those requests are built per send. `headersList` (with `distinct`): request n also
// takes the headers of entry n of the list, in turn (several callers, e.g. dealers of several stores).
let next = 0;
const headersOf = (n) => (headersList ? { ...headers, ...headersList[n % headersList.length] } : headers);
const requests = bodies
  ? distinct
    ? [{ method, path, headers, setupRequest: (request) => { const n = next++; return { ...request, headers: headersOf(n), body: bodies[n % bodies.length] }; } }]
    : bodies.map((body) => ({ method, path, headers, body }))
  : [{ method, path, headers }];
// `samples`: every answer's latency (ms, 0.01 ms steps), so a caller can pool several runs into one
// percentile instead of comparing each run's p99 (its few slowest answers) on its own.
const latencies = [];
const instance = autocannon({ ...options, requests });
if (samples) instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(Math.round(responseTime * 100) / 100));
const result = await instance;
// The load generator's own CPU during the run (user + system, µs), for a per-request CPU account.
const cpu = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({ ...result, loadCpuMicros: cpu.user + cpu.system, ...(samples ? { latencies } : {}) }));
