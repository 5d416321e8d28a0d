#!/usr/bin/env node
/**
 * Failover benchmark (issue 19): a hanging first provider and a healthy second one.
 *   node bench/failover.mjs [--calls 10] [--delay 20] [--no-fail]
 * Starts two loopback upstreams (EVM JSON-RPC: the first answers the health check, then hangs on real calls — the
 * worst case; the second answers after --delay ms) and the server (mainnet profile, default timeouts, CHAIN_ETH_RPC =
 * both) on 127.0.0.1 with a random port; prints the healthy provider's own time, the time of the first balance call
 * and of the next --calls ones. Then the same with a first provider that never answers at all (not even the check),
 * and for Bitcoin fees with a hanging mempool (fallback tiers).
 * Target: first call ≤ 5 s; later calls ≤ 100 ms above the healthy provider's own time (for the fees: the fallback
 * tiers, as fast). Exit 1 when missed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : def;
};
const CALLS = arg('calls', 10);
const DELAY = arg('delay', 20);
const noFail = process.argv.includes('--no-fail');
const ADDR = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

/** A JSON-RPC node; `hang(method)` → never answer. */
function node({ hang = () => false, delayMs = 0 }) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const j = JSON.parse(body || '{}');
      const one = (m) => {
        const results = {
          eth_chainId: '0x1',
          eth_getBlockByNumber: { number: '0x10', hash: `0x${'11'.repeat(32)}` },
          eth_getBalance: '0x2a',
          eth_getTransactionCount: '0x3',
        };
        return { jsonrpc: '2.0', id: m.id, result: results[m.method] ?? null };
      };
      const methods = Array.isArray(j) ? j.map((m) => m.method) : [j.method];
      if (methods.some(hang)) return; // keep the socket open
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(Array.isArray(j) ? j.map(one) : one(j)));
      }, delayMs);
    });
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => ok({ url: `http://127.0.0.1:${server.address().port}`, server })),
  );
}

function startServer(env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-bench-failover-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WALLET_PROFILE: 'mainnet',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((ok, fail) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /listening at (http:\/\/[^\s"]+)/i.exec(buf) ?? /"address":"(http:\/\/[^"]+)"/.exec(buf);
      if (m) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        ok({
          base: m[1],
          stop: () => (child.kill('SIGKILL'), fs.rmSync(dataDir, { recursive: true, force: true })),
        });
      }
    });
    child.on('exit', (c) => fail(new Error(`server exited (${c}): ${buf.slice(-500)}`)));
  });
}

const time = async (fn) => {
  const t = performance.now();
  const r = await fn();
  return { ms: performance.now() - t, r };
};
const getJson = async (url) => {
  const r = await fetch(url);
  return { status: r.status, body: await r.json() };
};

async function scenario(title, env, url, healthyOwn, pick) {
  const srv = await startServer(env);
  try {
    const first = await time(() => getJson(`${srv.base}${url}`));
    const later = [];
    for (let i = 0; i < CALLS; i++) later.push(await time(() => getJson(`${srv.base}${url}`)));
    const worst = Math.max(...later.map((x) => x.ms));
    console.log(`\n${title}`);
    console.log(`  healthy provider alone: ${healthyOwn.toFixed(1)} ms`);
    console.log(`  first call:  ${first.ms.toFixed(1)} ms → ${first.r.status} ${pick(first.r.body)}`);
    console.log(
      `  next ${CALLS}:     ${later.map((x) => x.ms.toFixed(0)).join(', ')} ms (worst ${worst.toFixed(1)} ms) → ${[...new Set(later.map((x) => `${x.r.status} ${pick(x.r.body)}`))].join(' | ')}`,
    );
    const ok = first.ms <= 5000 && worst <= healthyOwn + 100 && first.r.status === 200;
    console.log(
      `  target (first ≤ 5000 ms, later ≤ ${(healthyOwn + 100).toFixed(0)} ms): ${ok ? 'met' : 'MISSED'}`,
    );
    return ok;
  } finally {
    srv.stop();
  }
}

const healthy = await node({ delayMs: DELAY });
const hangAfterCheck = await node({ hang: (m) => m !== 'eth_chainId' && m !== 'eth_getBlockByNumber' });
const hangAll = await node({ hang: () => true });
const mempoolHang = http.createServer(() => undefined);
await new Promise((ok) => mempoolHang.listen(0, '127.0.0.1', ok));

// The healthy provider's own time: one eth_getBalance round trip from here (the server makes three in parallel).
const own = [];
for (let i = 0; i < 5; i++)
  own.push(
    (
      await time(() =>
        fetch(healthy.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [ADDR, 'latest'] }),
        }).then((r) => r.json()),
      )
    ).ms,
  );
const healthyOwn = own.sort((a, b) => a - b)[2];

let ok = true;
const evm = { CHAIN_ETH_EXPLORER: 'none', CHAIN_BTC_BLOCKBOOK: 'none', CHAIN_BSC_RPC: 'none' };
ok =
  (await scenario(
    'EVM balance: first RPC answers the health check, then hangs; second RPC healthy',
    { ...evm, CHAIN_ETH_RPC: `${hangAfterCheck.url},${healthy.url}` },
    `/api/chains/ETH/account/${ADDR}`,
    healthyOwn,
    (b) => `balance=${b.balance} provider=${b.provider}`,
  )) && ok;
ok =
  (await scenario(
    'EVM balance: first RPC never answers at all; second RPC healthy',
    { ...evm, CHAIN_ETH_RPC: `${hangAll.url},${healthy.url}` },
    `/api/chains/ETH/account/${ADDR}`,
    healthyOwn,
    (b) => `balance=${b.balance} provider=${b.provider}`,
  )) && ok;
const mp = `http://127.0.0.1:${mempoolHang.address().port}/api`;
ok =
  (await scenario(
    'BTC fees: the mempool service hangs (the only fee source) → spec fallback tiers',
    {
      CHAIN_BTC_MEMPOOL: mp,
      CHAIN_BTC_BLOCKBOOK: 'none',
      CHAIN_BTC_BITCOIN_RPC: 'http://127.0.0.1:9',
      CHAIN_ETH_RPC: 'none',
    },
    '/api/chains/BTC/fees',
    healthyOwn,
    (b) => `source=${b.source} high=${b.tiers?.high}`,
  )) && ok;

for (const s of [healthy, hangAfterCheck, hangAll]) {
  s.server.closeAllConnections();
  s.server.close();
}
mempoolHang.closeAllConnections();
mempoolHang.close();
if (!ok && !noFail) process.exit(1);
process.exit(0);
