/**
 * Webhook receivers in a process of their own (`startReceiversProcess`), for the submit benchmark: a
 * receiver is another company's system, so its HTTP parsing should not run on the event loop of the
 * portal it measures. The child starts `count` count-only receivers (apps/server/src/testing/
 * webhook-receiver.ts) on loopback and answers `{ totals }` when asked over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startReceiver, type Receiver } from '../../apps/server/src/testing/webhook-receiver.ts';

interface ChildMessage {
  urls?: string[];
  totals?: number[];
}

export interface ReceiversProcess {
  urls: string[];
  totals(): Promise<number[]>;
  close(): Promise<void>;
}

export async function startReceiversProcess(count: number): Promise<ReceiversProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--child', String(count)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise<ChildMessage>((resolve, reject) => {
      child.once('message', (m) => resolve(m as ChildMessage));
      child.once('exit', (code) => reject(new Error(`the receiver process ended (${code})`)));
    });
  const { urls } = await next();
  return {
    urls: urls!,
    async totals() {
      const answer = next();
      child.send('totals');
      return (await answer).totals!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

if (process.argv[2] === '--child') {
  const receivers: Receiver[] = [];
  for (let i = 0; i < Number(process.argv[3]); i++) receivers.push(await startReceiver({ countOnly: true }));
  process.on('message', (m) => {
    if (m === 'totals') process.send!({ totals: receivers.map((r) => r.total) });
    if (m === 'close') void Promise.all(receivers.map((r) => r.close())).then(() => process.exit(0));
  });
  process.send!({ urls: receivers.map((r) => r.url) });
}
