/**
 * Each end-to-end file owns its whole stack: its own local network (every local chain, funded for the emulator's
 * accounts at start, no interval mining: a test mines when it needs a block) and its own product server serving the
 * built web app. No assertion can then depend on another file's spending, blocks or server state, and files run in
 * parallel. Call once at the top of a test file:
 *
 *   const stack = await useStack('xrp');
 *
 * The stack starts before the file's tests (a missing prerequisite, e.g. litecoind, fails the file) and stops after
 * them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { EVM_COINS, freePort, startLocalnet, type EvmCoin, type EvmInfo, type Localnet, type SideEvmInfo } from '@secux-companion/localnet';
import { buildApp, loadConfig } from '@secux-companion/server';
import type { FastifyInstance } from 'fastify';

const root = resolve(import.meta.dirname, '..');
/** Where the test command built the web app (checked once by globalSetup). */
export const WEB_DIST = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
/** The compiled-contract cache, filled once by globalSetup before the files start. */
export const CONTRACT_CACHE = join(tmpdir(), 'secux-localnet-cache');

export interface Stack {
  baseUrl: string;
  localnet: Localnet & { sideEvm: SideEvmInfo; ltc: NonNullable<Localnet['ltc']> };
  /** The other EVM coins' chains (TETH, BSC, TBSC, XDC, HME), each on its own anvil. */
  evmCoins: Record<EvmCoin, EvmInfo>;
  xrpl: NonNullable<Localnet['xrpl']>;
  stellar: NonNullable<Localnet['stellar']>;
  tron: NonNullable<Localnet['tron']>;
  fio: NonNullable<Localnet['fio']>;
  solana: NonNullable<Localnet['solana']>;
  /** The bitcoin-family coins' Blockbook stand-ins (BTC, TBTC, BCH, GRS, DASH, DGB, DOGE). */
  utxo: NonNullable<Localnet['utxo']>;
}

function required<T>(value: T | null | undefined, what: string): T {
  if (value == null) throw new Error(`the local network started without ${what}`);
  return value;
}

/**
 * Starts this file's local network and server (every chain; litecoind is required) and stops them after the file.
 * A test that needs another emulator or server answer routes it in its browser context (see journey-core).
 */
export async function useStack(name: string): Promise<Stack> {
  const { stack, stop } = await startStack(name);
  afterAll(stop, 60_000);
  return stack;
}

/**
 * Starts a whole stack (every chain, funded for the emulator's accounts, and the product server): `stop` ends it and
 * removes its data. Test files call useStack; a benchmark calls this and stops it itself.
 */
export async function startStack(
  name: string,
  o: { logLevel?: string } = {},
): Promise<{ stack: Stack; stop: () => Promise<void> }> {
  // Free ports are found by binding port 0 and letting go, so a file running beside this one can take the same port
  // before a node binds it: start again on fresh ports (three tries) when that is why the start failed.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(name, o.logLevel ?? 'warn');
    } catch (e) {
      const taken = /EADDRINUSE|Unable to bind|address already in use/i.test(String(e));
      if (!taken || attempt === 3) throw e;
    }
  }
}

async function startOnce(name: string, logLevel: string): Promise<{ stack: Stack; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `wallet-e2e-${name}-`));
  const localnet = await startLocalnet({
    dataDir: join(dataDir, 'localnet'),
    cacheDir: CONTRACT_CACHE,
    evm: { port: 0 },
    sideEvm: { port: 0 },
    // every EVM coin's anvil on free ports, started alongside the ETH chain (together ~0.6 s more, ~25 MiB each)
    evmCoins: { coins: EVM_COINS },
    ltc: { rpcPort: 0, p2pPort: 0, required: true },
    blockIntervalMs: 0,
    handleSignals: false,
    log: () => undefined,
  });
  let app: FastifyInstance | undefined;
  const stop = async () => {
    await app?.close();
    // The chain data is thrown away: litecoind need not flush it (its clean stop takes ~4 s).
    try {
      if (localnet.ltc?.pid) process.kill(localnet.ltc.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await localnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The product server runs in this worker, as apps/server/src/main.ts would start it with this environment:
    // spawning it cost ~9 s of CPU per file (tsx compiling the server each time); here its modules load once per
    // worker. Its port is chosen up front because the server names itself in URLs (the buy widget's stand-in).
    const port = await freePort();
    const loaded = loadConfig({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The server reads DATA_DIR/localnet/endpoints.json (written by startLocalnet) for every local chain.
      DATA_DIR: dataDir,
      WEB_DIST,
      WALLET_PROFILE: 'local',
      LOG_LEVEL: logLevel,
      RATE_LIMIT_MAX: '0',
    });
    if (!loaded.ok) throw new Error(`the server's configuration is invalid: ${loaded.errors.join('; ')}`);
    app = await buildApp(loaded.config);
    await app.listen({ port, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${port}`;
    const stack: Stack = {
      baseUrl,
      localnet: {
        ...localnet,
        sideEvm: required(localnet.sideEvm, 'its EVM side chain'),
        ltc: required(localnet.ltc, 'the Litecoin regtest node'),
      },
      evmCoins: Object.fromEntries(
        EVM_COINS.map((coin) => [coin, required(localnet.evmCoins[coin], `the ${coin} chain`)]),
      ) as Record<EvmCoin, EvmInfo>,
      xrpl: required(localnet.xrpl, 'the XRP Ledger simulator'),
      stellar: required(localnet.stellar, 'the Stellar simulator'),
      tron: required(localnet.tron, 'the TRON simulator'),
      fio: required(localnet.fio, 'the FIO simulator'),
      solana: required(localnet.solana, 'the Solana node'),
      utxo: required(localnet.utxo, 'the bitcoin-family chains'),
    };
    return { stack, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
