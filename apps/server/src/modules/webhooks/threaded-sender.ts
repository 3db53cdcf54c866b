/**
 * A WebhookSender whose HTTP exchanges run on a thread of their own (sender-thread.ts), so that the
 * worker's sends do not hold up the requests this process answers
 * (docs/decisions/015-webhook-sender-thread.md; docs/operations.md, "Webhook sending"). A pass's
 * requests go to the thread as one message and come back as one; signing, claiming and recording
 * stay with the worker (delivery.ts). If the thread dies, the requests it held fail (they are
 * retried, as any failed attempt) and the next pass starts a new one.
 *
 * From the sources (tests, tsx) the thread starts through sender-thread.dev.mjs, which registers
 * tsx's loader; from the build it is dist/webhook-sender.js, beside dist/server.js (apps/server/build.mjs).
 */
import { Worker } from 'node:worker_threads';
import type { AddressPolicy } from './address-policy.ts';
import type { PostRequest, PostResult, WebhookSender } from './sender.ts';

export interface SenderThreadData {
  policy: AddressPolicy;
  timeoutMs: number;
}
export interface SenderThreadPass {
  n: number;
  requests: readonly PostRequest[];
  concurrency: number;
}
export interface SenderThreadResults {
  n: number;
  results: PostResult[];
}

/** The thread's heap (MB): its young generation kept small; far above what a batch of 50 bodies takes. */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

const entry = import.meta.url.endsWith('.ts') ? './sender-thread.dev.mjs' : './webhook-sender.js';

export function createThreadedSender(policy: AddressPolicy, options: { timeoutMs?: number } = {}): WebhookSender {
  const data: SenderThreadData = { policy, timeoutMs: options.timeoutMs ?? 10_000 };
  const waiting = new Map<number, { count: number; resolve: (results: PostResult[]) => void; on: Worker }>();
  let thread: Worker | undefined;
  let next = 0;

  /** Fails the requests held by `on` (a thread closed or dead): each a failed attempt, retried later. */
  const failHeld = (on: Worker, error: string) => {
    for (const [n, pass] of waiting) {
      if (pass.on !== on) continue;
      waiting.delete(n);
      pass.resolve(Array.from({ length: pass.count }, () => ({ statusCode: null, error, durationMs: 0 })));
    }
  };
  const threadOf = (): Worker => {
    if (thread) return thread;
    // A pass holds at most a batch of bodies: a small heap keeps the thread's memory small (docs/operations.md, "Webhook sending").
    const started = new Worker(new URL(entry, import.meta.url), { workerData: data, resourceLimits: THREAD_LIMITS });
    started.on('message', ({ n, results }: SenderThreadResults) => {
      const pass = waiting.get(n);
      waiting.delete(n);
      // The thread keeps the process alive only while it holds requests.
      if (![...waiting.values()].some((p) => p.on === started)) started.unref();
      pass?.resolve(results);
    });
    const ended = (error: string) => {
      if (thread === started) thread = undefined;
      failHeld(started, error);
    };
    started.on('error', (error) => ended(`the sender thread failed: ${error.message}`));
    started.on('exit', () => ended('the sender thread stopped'));
    started.unref();
    thread = started;
    return started;
  };

  return {
    postAll(requests, concurrency) {
      if (!requests.length) return Promise.resolve([]);
      const n = next++;
      return new Promise<PostResult[]>((resolve) => {
        const to = threadOf();
        to.ref();
        waiting.set(n, { count: requests.length, resolve, on: to });
        to.postMessage({ n, requests, concurrency } satisfies SenderThreadPass);
      });
    },
    close() {
      const stopping = thread;
      thread = undefined;
      if (!stopping) return;
      failHeld(stopping, 'the sender was closed');
      void stopping.terminate();
    },
  };
}
