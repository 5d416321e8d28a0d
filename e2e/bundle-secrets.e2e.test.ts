import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

describe('secrets stay on the server', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'wallet-bundle-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('a web build made with server secrets in its environment contains none of them', () => {
    const secrets = {
      BUY_WIDGET_HMAC_SECRET: `hmac-${Date.now()}-never-in-the-bundle`,
      UD_API_KEY: `ud-${Date.now()}-never-in-the-bundle`,
      COINGECKO_API_KEY: `cg-${Date.now()}-never-in-the-bundle`,
    };
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: join(root, 'apps/web'),
      env: { ...process.env, ...secrets, WALLET_EMULATOR: '1' },
      stdio: 'pipe',
    });
    const bundle = files(outDir).map((f) => readFileSync(f, 'utf8'));
    expect(bundle.length).toBeGreaterThan(3);
    for (const value of [...Object.values(secrets), 'local-development-only-secret']) {
      expect(bundle.some((text) => text.includes(value))).toBe(false);
    }
  });
});
