import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

// Each test starts the server from source (tsx compiles it on the way): on a loaded 2-core machine that alone took
// 28-30 s, so the limit is the process start's, not the project's 30 s.
const START_LIMIT_MS = 120_000;

describe('main.ts', () => {
  it(
    'exits 1 listing every bad variable',
    async () => {
      const p = start({ PORT: 'abc', WALLET_PROFILE: 'staging' });
      expect(await p.exited).toBe(1);
      expect(p.err()).toContain('Invalid configuration');
      expect(p.err()).toContain('PORT="abc"');
      expect(p.err()).toContain('WALLET_PROFILE="staging"');
    },
    START_LIMIT_MS,
  );

  it(
    'starts, prints its address, serves /healthz and stops on SIGTERM',
    async () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-main-'));
      const p = start({ PORT: '0', DATA_DIR: tmp, WEB_DIST: path.join(tmp, 'web'), LOG_LEVEL: 'warn' });
      try {
        const url = await new Promise<string>((ok, fail) => {
          const t = setInterval(() => {
            const m = p.out().match(/Wallet running at (http:\/\/127\.0\.0\.1:\d+\/)/);
            if (m) {
              clearInterval(t);
              ok(m[1]!);
            }
          }, 50);
          void p.exited.then((c) => fail(new Error(`exited ${c}: ${p.err()}`)));
        });
        const res = await fetch(`${url}healthz`);
        expect(await res.json()).toEqual({ status: 'ok', db: 'sqlite' });
        p.child.kill('SIGTERM');
        expect(await p.exited).toBe(0);
      } finally {
        p.child.kill('SIGKILL');
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    },
    START_LIMIT_MS,
  );
});
