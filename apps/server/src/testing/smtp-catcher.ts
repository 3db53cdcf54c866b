/**
 * A real SMTP server on loopback (smtp-server) that parses what arrives (mailparser), for mail
 * tests. It can be stopped and started again on the same port to play an outage.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  readonly url: string;
  readonly port: number;
  readonly mails: ParsedMail[];
  /** Closes the listener (connections are refused until `up`). */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
  /** Waits (bounded) until `count` mails arrived; fails with what did arrive. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: ParsedMail[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            mails.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  let server: SMTPServer | undefined = create();
  const port = await listen(server, 0);
  const down = async () => {
    if (!server) return;
    const s = server;
    server = undefined;
    await closeServer(s);
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    down,
    async up() {
      if (server) return;
      server = create();
      await listen(server, port);
    },
    close: down,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} mails, got ${mails.length}: ${mails.map((m) => m.subject).join('; ')}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
  };
}
