import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackPgliteSnapshot } from '@portal/db/testing';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The command that runs the real server from its sources: node itself with tsx's loader. Not the
 * `tsx` binary, which starts a node process that starts the server's node process (a second process
 * to load, and a signal to relay); run it with `cwd: repoRoot`, where `tsx` resolves.
 */
export const serverCommand = { command: process.execPath, args: ['--import', 'tsx', serverEntry], cwd: repoRoot } as const;

/**
 * A new data folder whose embedded database (`pglite/`) is a copy of the migrated test snapshot, so
 * the server's start finds an up-to-date, empty database instead of running initdb and every
 * migration (about 12 s of CPU per start on a slow VM). The start still runs the migrator, and loads
 * demo data and content as it does into any empty database.
 */
export async function newDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  await unpackPgliteSnapshot(join(dataDir, 'pglite'));
  return dataDir;
}

/**
 * Starts the real server (`server.ts` under tsx) in a fresh data folder with `env` added to a small
 * base environment; resolves with its exit code and output, or kills it once it is ready.
 */
export async function startServer(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const dataDir = await newDataDir('portal-start-');
  return new Promise((resolve, reject) => {
    const child = spawn(serverCommand.command, [...serverCommand.args, ...args], {
      cwd: serverCommand.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', DEMO_STORES: '10', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Event portal ready at')) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}
