/**
 * The journeys' server with a mailbox: a real SMTP server on loopback (smtp-server, as the server's
 * mail tests use) takes every mail the portal sends and writes it as JSON into E2E_MAIL_DIR, where
 * e2e/mailbox.ts reads it; then the server command given as arguments starts with SMTP_URL set.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const dir = process.env.E2E_MAIL_DIR;
if (!dir) throw new Error('E2E_MAIL_DIR is not set');
mkdirSync(dir, { recursive: true });
let seq = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  disableReverseLookup: true,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const name = `${Date.now()}-${String(++seq).padStart(5, '0')}.json`;
        // Attachments keep their name and type; a text one (the calendar file) its content too.
        const attachments = (mail.attachments ?? []).map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, text: a.contentType.startsWith('text/') ? a.content.toString('utf8') : '' }));
        writeFileSync(join(dir, name), JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', attachments }));
        callback();
      })
      .catch((error) => callback(error));
  },
});

smtp.listen(0, '127.0.0.1', () => {
  const { port } = smtp.server.address();
  const [command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${port}` } });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => smtp.close(() => process.exit(code ?? (signal ? 1 : 0))));
});
