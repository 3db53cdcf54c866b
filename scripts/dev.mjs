#!/usr/bin/env node
/**
 * `npm run dev`: the server (tsx watch: restarts on a change under apps/server and packages) and the
 * web app (Vite: hot module reload, proxying the API to the server) together, each line prefixed
 * with its name. Ctrl+C stops both; when one stops, the other is stopped too.
 */
import { spawn } from 'node:child_process';

const children = [
  { name: 'server', args: ['run', 'dev', '-w', '@portal/server'] },
  { name: 'web', args: ['run', 'dev', '-w', '@portal/web'] },
].map(({ name, args }) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  child.on('exit', (code) => {
    process.stdout.write(`[${name}] stopped (${code ?? 'signal'})\n`);
    stopAll(code ?? 0);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
