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

describe('main.ts', () => {
  it('exits 1 listing every bad variable', async () => {
    const p = start({ PORT: 'abc', WALLET_PROFILE: 'staging' });
    expect(await p.exited).toBe(1);
    expect(p.err()).toContain('Invalid configuration');
    expect(p.err()).toContain('PORT="abc"');
    expect(p.err()).toContain('WALLET_PROFILE="staging"');
  });

  it('starts, prints its address, serves /healthz and stops on SIGTERM', async () => {
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
  });
});
