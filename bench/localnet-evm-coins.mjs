#!/usr/bin/env node
/**
 * What the EVM coins' chains (TETH, BSC, TBSC, XDC, HME: one anvil each) add to startLocalnet, in time and memory.
 *   node --import tsx bench/localnet-evm-coins.mjs [--runs 3]
 * Starts the whole localnet on free ports (as e2e/stack.ts does: no interval blocks, litecoind if installed) with and
 * without the coins' chains, alternating, and reports the median startupMs of each, and the resident memory (VmRSS)
 * of every anvil process after start with the CPU time each used until then. The contract cache is filled before the
 * first run (as the e2e globalSetup does).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg('runs', 3);

const { startLocalnet, compileContracts } = await import('@secux-companion/localnet');
const cacheDir = path.join(os.tmpdir(), 'secux-localnet-cache');
compileContracts(cacheDir);

/** Resident memory (MiB) and CPU time so far (ms) of this process's anvil children, by chain id. */
function anvilRss() {
  const out = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!/^Name:\s+anvil$/m.test(status)) continue;
      if (Number(/^PPid:\s+(\d+)$/m.exec(status)?.[1]) !== process.pid) continue;
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
      // utime + stime: fields 14 and 15 of /proc/<pid>/stat (12 and 13 after the command name), 10 ms ticks
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const cpuMs = (Number(stat[11]) + Number(stat[12])) * 10;
      out.push({ chainId: Number(cmd[cmd.indexOf('--chain-id') + 1]), mib: kb / 1024, cpuMs });
    } catch {
      // gone
    }
  }
  return out;
}

async function once(withCoins) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-localnet-'));
  const net = await startLocalnet({
    dataDir,
    cacheDir,
    evm: { port: 0 },
    sideEvm: { port: 0 },
    ...(withCoins ? {} : { evmCoins: false }),
    blockIntervalMs: 0,
    handleSignals: false,
    log: () => undefined,
    env: {},
  });
  const rss = anvilRss();
  await net.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { ms: net.startupMs, rss, coins: Object.keys(net.evmCoins) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const without = [];
const withC = [];
let rss = [];
await once(true); // warm-up (module loads, first anvil page-in)
for (let i = 0; i < RUNS; i++) {
  without.push((await once(false)).ms);
  const r = await once(true);
  withC.push(r.ms);
  rss = r.rss;
}
const sum = (xs, f) => xs.reduce((n, x) => n + f(x), 0);
const coins = rss.filter((r) => r.chainId !== 31337 && r.chainId !== 31338);
rss.sort((a, b) => a.chainId - b.chainId);
console.log(
  `startLocalnet without the EVM coins' chains: median ${median(without)} ms (${without.join(', ')})`,
);
console.log(`startLocalnet with them:                     median ${median(withC)} ms (${withC.join(', ')})`);
console.log(`added: ${median(withC) - median(without)} ms`);
console.log(`anvil RSS after start: ${rss.map((r) => `${r.chainId} ${r.mib.toFixed(0)} MiB`).join(', ')}`);
console.log(
  `  total ${sum(rss, (r) => r.mib).toFixed(0)} MiB, the coins' ${sum(coins, (r) => r.mib).toFixed(0)} MiB`,
);
console.log(`anvil CPU time until started: ${rss.map((r) => `${r.chainId} ${r.cpuMs} ms`).join(', ')}`);
console.log(`  the coins' together ${sum(coins, (r) => r.cpuMs)} ms`);
