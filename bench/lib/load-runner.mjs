// Runs one autocannon load in its own process (so the load generator does not share the server's
// event loop) and prints the result as JSON. Input: a JSON file with autocannon options and, for
// varied bodies, `bodies` (one is used per request, round robin).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { bodies, path = '/', method = 'GET', headers = {}, ...options } = spec;
let i = 0;
const result = await autocannon({
  ...options,
  requests: [
    {
      method,
      path,
      headers,
      ...(bodies ? { setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }) } : {}),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
