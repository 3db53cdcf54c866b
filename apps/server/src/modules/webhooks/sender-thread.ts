/**
 * The webhook sender's own thread (threaded-sender.ts starts it): the HTTP exchanges of a worker's
 * pass, with their SSRF guard (sender.ts), run here instead of on the event loop that answers
 * requests. Each message is one pass's requests; the answer is their outcomes, in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createSender } from './sender.ts';
import type { SenderThreadData, SenderThreadPass, SenderThreadResults } from './threaded-sender.ts';

const port = parentPort!;
const { policy, timeoutMs } = workerData as SenderThreadData;
const sender = createSender(policy, { timeoutMs });

port.on('message', (pass: SenderThreadPass) => {
  void sender.postAll(pass.requests, pass.concurrency).then((results) => port.postMessage({ n: pass.n, results } satisfies SenderThreadResults));
});
