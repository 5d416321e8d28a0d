#!/usr/bin/env node
/**
 * Solana discovery benchmark (issue 14): from a coin click to every discovered SOL account's balance and tokens, the
 * product-API requests per account and the time, on the local runtime.
 *   node --import tsx bench/solana-discovery.mjs [--runs 3]
 * Starts localnet's LiteSVM node (the emulator's first two SOL accounts funded, account 0 holding an SPL and a
 * Token-2022 token), the server's chain routes on loopback over it, and the emulator device; then runs what the web
 * app runs when SOL is opened — the family's recovery (chain-solana's discovery over the device's account table) and
 * the account state of every account found (balance and tokens) — counting each request to /api.
 * Target: at most 2 product-API requests per discovered account. Exit 1 when missed.
 */
import Fastify from 'fastify';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg('runs', 3);
const TARGET = 2;

const { DEFAULT_MNEMONIC, SOLANA_MAINNET_GENESIS_HASH, startSolana } =
  await import('@secux-companion/localnet');
const { createSolanaProductApiChain } = await import('@secux-companion/chain-solana');
const { connectEmulator } = await import('@secux-companion/device');
const { SecuxEmulator } = await import('@secux-companion/emulator');
const { createChainRegistry } = await import('../packages/server-kit/src/registry.ts');
const { registerChainRoutes } = await import('../packages/server-kit/src/routes.ts');
const { solanaFamily } = await import('../chains/solana/src/server/index.ts');

// LiteSVM poses as mainnet-beta (the mainnet profile checks the genesis hash).
const node = await startSolana({
  mnemonic: DEFAULT_MNEMONIC,
  host: '127.0.0.1',
  ports: [0, 0],
  slotMs: 400,
  genesisHash: SOLANA_MAINNET_GENESIS_HASH,
});
const registry = createChainRegistry({
  config: { profile: 'mainnet', dataDir: '/nonexistent' },
  fetch,
  env: { CHAIN_SOL_RPC: node.info.rpcUrls.join(',') },
  families: [solanaFamily],
});
const app = Fastify({ logger: false });
await app.register(async (api) => registerChainRoutes(api, { config: {}, fetch }, { registry }), {
  prefix: '/api',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}/api`;
const device = await connectEmulator(new SecuxEmulator({ autoApprove: true }));
await device.getVersion();

const results = [];
let exit = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    const requests = [];
    const counting = (url, init) => {
      requests.push(new URL(url).pathname.replace(/\/[1-9A-HJ-NP-Za-km-z]{32,44}$/, '/:address'));
      return fetch(url, init);
    };
    // A fresh adapter per run (the web app's chain after a page load).
    const chain = createSolanaProductApiChain({ baseUrl: base, fetch: counting });
    const t0 = performance.now();
    const found = await chain.discoverAccounts(device);
    const states = await Promise.all(found.map((f) => chain.getAccountState(f.descriptor)));
    const ms = performance.now() - t0;
    const tokens = states.reduce((n, s) => n + (s.tokens?.length ?? 0), 0);
    results.push({ accounts: found.length, tokens, requests: requests.length, ms });
    if (run === 0) {
      const byRoute = {};
      for (const r of requests) byRoute[r] = (byRoute[r] ?? 0) + 1;
      console.log('requests by route (first run):', byRoute);
    }
  }
  for (const [i, r] of results.entries())
    console.log(
      `run ${i + 1}: ${r.accounts} accounts (${r.tokens} tokens) on screen in ${r.ms.toFixed(0)} ms, ${r.requests} product-API requests = ${(r.requests / r.accounts).toFixed(2)} per account`,
    );
  const worst = Math.max(...results.map((r) => r.requests / r.accounts));
  const median = results.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  console.log(
    `median time ${median.toFixed(0)} ms; worst ${worst.toFixed(2)} requests per account (target ≤ ${TARGET})`,
  );
  if (worst > TARGET) exit = 1;
} finally {
  await device.disconnect();
  await app.close();
  await node.stop();
}
process.exit(exit);
