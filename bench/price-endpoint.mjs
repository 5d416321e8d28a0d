#!/usr/bin/env node
/**
 * Benchmark of the cached price endpoint.
 *   node bench/price-endpoint.mjs [--duration 10] [--connections 10]
 * Starts the server (local profile, temp DATA_DIR, warn-level logs, rate limit raised) on 127.0.0.1 with a random
 * port, warms the cache, runs autocannon against GET /api/prices/coins, prints requests/sec and p99 latency.
 * Target: >= 10,000 req/s and p99 < 5 ms. Exit code 1 when the target is missed (--no-fail to disable).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const autocannon = require('autocannon');

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : def;
};
const duration = arg('duration', 10);
const connections = arg('connections', 10);
const noFail = process.argv.includes('--no-fail');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WALLET_PROFILE: 'local',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

const cleanup = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

const base = await new Promise((resolve, reject) => {
  let buf = '';
  const timer = setTimeout(() => reject(new Error('server did not start within 30 s')), 30_000);
  server.stdout.on('data', (d) => {
    buf += d;
    const m = buf.match(/Wallet running at (http:\/\/[^\s]+?)\/?\s/);
    if (m) {
      clearTimeout(timer);
      resolve(m[1]);
    }
  });
  server.on('exit', (code) => reject(new Error(`server exited with code ${code}`)));
}).catch((e) => {
  console.error(e.message);
  cleanup();
  process.exit(1);
});

const url = `${base}/api/prices/coins?ids=bitcoin,ethereum,solana&currency=usd`;
const warm = await fetch(url);
console.log(`server: ${base}  warm-up: HTTP ${warm.status} ${await warm.text()}`);

const result = await autocannon({ url, connections, duration, pipelining: 1 });
cleanup();

const rps = result.requests.average;
const p99 = result.latency.p99;
const non2xx = result.non2xx + result.errors;
console.log(`\nGET /api/prices/coins (cached), ${connections} connections, ${duration} s`);
console.log(`requests/sec: ${Math.round(rps)} (total ${result.requests.total}, non-2xx/errors ${non2xx})`);
console.log(`latency p50 ${result.latency.p50} ms, p99 ${p99} ms, max ${result.latency.max} ms`);
const pass = rps >= 10_000 && p99 < 5 && non2xx === 0;
console.log(pass ? 'PASS (target >= 10000 req/s, p99 < 5 ms)' : 'MISS (target >= 10000 req/s, p99 < 5 ms)');
process.exit(pass || noFail ? 0 : 1);
