/**
 * The webhook delivery worker: sends committed delivery rows (outbox.ts) to their endpoints. Each
 * instance polls; a claim (`FOR UPDATE SKIP LOCKED` plus a lease, webhooks.queries.ts) gives every
 * due delivery to one worker, and outcomes are fenced by the attempt number, so two instances never
 * send one delivery at the same time. A worker that dies mid-send leaves a lease that runs out; the
 * delivery is then sent again with the same `webhook-id` (at least once; receivers drop repeats by it).
 *
 * The worker polls every second, and looks sooner after this process queues deliveries (outbox.ts
 * tells it, before the transaction commits): after `wakeMs` (50 ms), then again after twice that,
 * and so on up to the poll, so a long transaction's rows (an import's) go out soon after its commit
 * too. Sends then follow the changes in small steps instead of a burst a second. A pass signs with
 * each endpoint's secrets decrypted once, hands its requests to the sender's own thread
 * (threaded-sender.ts, docs/decisions/015-webhook-sender-thread.md) and records all its 2xx
 * outcomes in one statement.
 *
 * A 2xx within 10 s is delivered. Anything else is retried with exponential back-off and jitter
 * (base * 2^(attempt-1), capped at 6 hours, times 0.8-1.2) until 3 days after the change, then
 * `failed` (the console retries it by hand). A 410 Gone fails the delivery and disables the endpoint.
 */
import type { Db } from '@portal/db';
import { decryptSecret } from '../../lib/secret-box.ts';
import type { AddressPolicy } from './address-policy.ts';
import { onDeliveriesQueued } from './outbox.ts';
import { createSender, type PostRequest, type PostResult, type WebhookSender } from './sender.ts';
import { createThreadedSender } from './threaded-sender.ts';
import { signedHeaders } from './signing.ts';
import * as q from './webhooks.queries.ts';

export interface WebhookDeliveryOptions {
  db: Db;
  /** The SSRF policy (demo mode and WEBHOOK_ALLOW_PRIVATE), asked once when the worker starts. */
  policy: () => Promise<AddressPolicy>;
  secretKey: Uint8Array;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  pollMs?: number;
  /** How soon a pass follows deliveries queued by this process (after their transaction commits, usually). */
  wakeMs?: number;
  batchSize?: number;
  /** Deliveries sent at once (different registrations or endpoints). */
  concurrency?: number;
  leaseMs?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  timeoutMs?: number;
  /** Send on a thread of its own (threaded-sender.ts; the default), or on this event loop (false). */
  senderThread?: boolean;
}

/** An attempt's outcome as recorded: `ok` for a 2xx, the error cut to 1,000 characters. */
function outcomeOf(result: PostResult, at: Date): q.AttemptOutcome & { ok: boolean } {
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return { ...result, error: result.error?.slice(0, 1000) ?? null, at, ok };
}

export const secretContext = (endpointId: number) => `webhook:${endpointId}`;

/** The secrets that sign for an endpoint now: its own, and the previous one until its grace time ends. */
export function signingSecrets(endpoint: q.ClaimedEndpoint, key: Uint8Array, now: Date): string[] {
  const secrets = [decryptSecret(endpoint.secret, key, secretContext(endpoint.id)).plain];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(endpoint.previousSecret, key, `${secretContext(endpoint.id)}:previous`).plain);
  }
  return secrets;
}

export class WebhookDelivery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  /** A pass is under way; `dueAt` is when the next one is timed. */
  private passing = false;
  private nudged = false;
  /** After a nudge: the wait before the next look, doubling up to the poll (0: none). */
  private chase = 0;
  private dueAt = Infinity;
  private unlisten: (() => void) | undefined;
  private sender: WebhookSender | undefined;
  private readonly claim: ReturnType<typeof q.claimStatement>;
  private readonly pollMs: number;
  private readonly wakeMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly backoffBaseMs: number;
  private readonly backoffCapMs: number;

  constructor(private readonly options: WebhookDeliveryOptions) {
    this.pollMs = options.pollMs ?? 1_000;
    this.wakeMs = Math.min(options.wakeMs ?? 50, this.pollMs);
    this.batchSize = options.batchSize ?? 50;
    this.concurrency = options.concurrency ?? 10;
    // Longer than a batch can take (each send has 10 s), so a live worker never loses its claim.
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.backoffBaseMs = options.backoffBaseMs ?? 10_000;
    this.backoffCapMs = options.backoffCapMs ?? 6 * 60 * 60_000;
    this.claim = q.claimStatement(options.db, this.batchSize, this.leaseMs);
  }

  get started(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unlisten = onDeliveriesQueued(() => this.nudge());
    this.schedule(0);
  }

  /** Stops polling and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    this.unlisten = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.sender?.close();
    this.sender = undefined;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dueAt = Infinity;
      this.passing = true;
      this.running = this.drain()
        .catch((error: unknown) => this.options.log?.error({ err: error }, 'webhook delivery pass failed'))
        .finally(() => {
          this.passing = false;
          if (this.nudged) this.chase = this.wakeMs;
          else if (this.chase) this.chase = this.chase * 2 < this.pollMs ? this.chase * 2 : 0;
          this.nudged = false;
          this.schedule(this.chase || this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Deliveries were queued here: a pass within `wakeMs` (after the one under way, if any), then the chase. */
  private nudge(): void {
    if (this.stopped) return;
    if (this.passing) this.nudged = true;
    else {
      this.chase = this.wakeMs;
      if (this.dueAt > Date.now() + this.wakeMs) this.schedule(this.wakeMs);
    }
  }

  private async senderOf(): Promise<WebhookSender> {
    const make = this.options.senderThread === false ? createSender : createThreadedSender;
    this.sender ??= make(await this.options.policy(), { timeoutMs: this.options.timeoutMs ?? 10_000 });
    return this.sender;
  }

  /** Sends due deliveries until none is left; answers how many were delivered and how many not. */
  async drain(): Promise<{ delivered: number; failedAttempts: number }> {
    const total = { delivered: 0, failedAttempts: 0 };
    for (;;) {
      const pass = await this.deliverDue();
      total.delivered += pass.delivered;
      total.failedAttempts += pass.failedAttempts;
      if (pass.claimed < this.batchSize || this.stopped) return total;
    }
  }

  /** One pass: claims up to a batch of due deliveries, sends them `concurrency` at a time, records the outcomes. */
  async deliverDue(): Promise<{ claimed: number; delivered: number; failedAttempts: number }> {
    const claimed = await this.claim();
    if (!claimed.length) return { claimed: 0, delivered: 0, failedAttempts: 0 };
    // Started at the first pass with something to send: an instance without webhooks has no sender thread.
    const sender = await this.senderOf();
    // Each endpoint's secrets decrypted once a pass (a rotation's grace is judged at the pass's start).
    const at = new Date();
    const secrets = new Map<number, string[]>();
    const secretsOf = (endpoint: q.ClaimedEndpoint) => {
      let known = secrets.get(endpoint.id);
      if (!known) secrets.set(endpoint.id, (known = signingSecrets(endpoint, this.options.secretKey, at)));
      return known;
    };
    // Signed here, sent together (on the sender's thread), then recorded: the 2xx in one statement.
    const timestamp = Math.floor(at.getTime() / 1000);
    const outcomes: (q.AttemptOutcome & { ok: boolean })[] = new Array(claimed.length);
    const toSend: { i: number; request: PostRequest }[] = [];
    claimed.forEach((delivery, i) => {
      try {
        toSend.push({ i, request: { url: delivery.endpoint.url, headers: signedHeaders(secretsOf(delivery.endpoint), delivery.messageId, timestamp, delivery.body), body: delivery.body } });
      } catch (error) {
        outcomes[i] = outcomeOf({ statusCode: null, error: error instanceof Error ? error.message : String(error), durationMs: 0 }, at);
      }
    });
    const results = await sender.postAll(toSend.map((s) => s.request), this.concurrency);
    toSend.forEach(({ i }, k) => (outcomes[i] = outcomeOf(results[k]!, at)));
    const delivered: { d: q.ClaimedDelivery; outcome: q.AttemptOutcome }[] = [];
    let failedAttempts = 0;
    try {
      for (const [i, delivery] of claimed.entries()) {
        const outcome = outcomes[i]!;
        if (outcome.ok) delivered.push({ d: delivery, outcome });
        else {
          failedAttempts++;
          await this.recordFailure(delivery, outcome);
        }
      }
    } finally {
      // The pass's 2xx in one statement, also when a failure's record threw (they were sent).
      const recorded = await q.recordDelivered(this.options.db, delivered);
      for (const { d } of delivered) if (!recorded.has(d.id)) this.options.log?.warn({ deliveryId: d.id }, 'webhook delivered after its claim ran out');
    }
    return { claimed: claimed.length, delivered: delivered.length, failedAttempts };
  }

  /** Records a failed attempt: retried later, given up (`failed`), or the endpoint disabled on 410. */
  private async recordFailure(delivery: q.ClaimedDelivery, result: q.AttemptOutcome): Promise<void> {
    const { at } = result;
    const outcome = { statusCode: result.statusCode, error: result.error, durationMs: result.durationMs, at };
    const gone = result.statusCode === 410;
    const retryIn = this.retryIn(delivery, at);
    const retryInMs = gone ? null : retryIn;
    await q.recordAttempt(this.options.db, delivery, outcome, { delivered: false, retryInMs, disableEndpoint: gone });
    this.options.log?.warn({ deliveryId: delivery.id, endpointId: delivery.endpointId, attempt: delivery.attempts, statusCode: result.statusCode, retryInMs, err: result.error }, gone ? 'webhook endpoint gone: disabled' : 'webhook not delivered');
  }

  /** The wait before the next attempt, or null when it would fall after the retry window. */
  private retryIn(delivery: q.ClaimedDelivery, now: Date): number | null {
    const exponential = Math.min(this.backoffBaseMs * 2 ** Math.max(0, delivery.attempts - 1), this.backoffCapMs);
    const delay = Math.round(exponential * (0.8 + Math.random() * 0.4));
    return now.getTime() + delay > delivery.giveUpAt.getTime() ? null : delay;
  }
}
