/**
 * The engine's time per login on PGlite, per statement: the real app under login load, every call
 * into the engine timed (PGlite runs a statement synchronously, in this thread) and counted by the
 * prepared statement it binds (else by its first characters).
 *   npx tsx bench/login/pglite-statements.ts [--seconds 5]
 */
import { PGlite } from '@electric-sql/pglite';
import { dealerLoginBodies, startBenchServer } from '../lib/bench-server.ts';
import { runLoad } from '../lib/load.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 5);

const per = new Map<string, { calls: number; micros: number }>();
let counting = false;
/** A Bind message ('B', length, portal, statement): its statement's name; a Query ('Q'): its text's start. */
function nameOf(message: Uint8Array): string {
  const cString = (from: number) => {
    let end = from;
    while (end < message.length && message[end] !== 0) end++;
    return { text: Buffer.from(message.subarray(from, end)).toString(), next: end + 1 };
  };
  if (message[0] === 0x42) return cString(cString(5).next).text;
  if (message[0] === 0x51) return cString(5).text.replace(/\s+/g, ' ').slice(0, 60);
  return String.fromCharCode(message[0] ?? 0);
}
const proto = PGlite.prototype as unknown as { execProtocolRawSync: (message: Uint8Array) => Uint8Array };
const original = proto.execProtocolRawSync;
proto.execProtocolRawSync = function (this: PGlite, message: Uint8Array) {
  const started = performance.now();
  try {
    return original.call(this, message);
  } finally {
    if (counting) {
      const entry = per.get(nameOf(message)) ?? { calls: 0, micros: 0 };
      entry.calls++;
      entry.micros += (performance.now() - started) * 1000;
      per.set(nameOf(message), entry);
    }
  }
};

const server = await startBenchServer('pglite', 5000);
try {
  const bodies = await dealerLoginBodies(server.database.db, 2000);
  const spec = { url: server.url, connections: 50, method: 'POST' as const, path: '/User/ProcessLogin', headers: { 'content-type': 'application/json' }, bodies };
  await runLoad({ ...spec, duration: 2 });
  counting = true;
  const cpu0 = process.cpuUsage();
  const load = await runLoad({ ...spec, duration: seconds });
  // The audit rows of the last logins are written within 25 ms.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const cpu = process.cpuUsage(cpu0);
  counting = false;
  console.log(`pglite: ${load.total} logins, ${load.reqPerSec}/s, app CPU ${Math.round((cpu.user + cpu.system) / load.total)} µs per login (database included)`);
  for (const [name, e] of [...per].sort((a, b) => b[1].micros - a[1].micros)) {
    console.log(`  ${name}: ${(e.calls / load.total).toFixed(4)} calls per login, ${Math.round(e.micros / e.calls)} µs per call, ${(e.micros / load.total).toFixed(1)} µs per login`);
  }
} finally {
  await server.close();
}
