import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalnet, type Localnet, type SideEvmInfo } from '@secux-companion/localnet';
import type { XrplInfo } from '@secux-companion/localnet';
import type { TronInfo } from '@secux-companion/localnet';
import type { StellarInfo } from '@secux-companion/localnet';

const root = resolve(import.meta.dirname, '..');

async function waitForHealth(url: string, child: ChildProcess, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy at ${url} within ${ms} ms`);
}

/**
 * Starts, once for every end-to-end test, the local network (EVM dev chain, the EVM side chain that the
 * server offers as an addable custom chain, and Litecoin regtest, on free loopback ports, with no interval
 * mining: tests mine when they need a block) and the real product server (serving the built web app)
 * pointed at it through DATA_DIR/localnet/endpoints.json.
 */
export default async function setup(project: TestProject) {
  const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: the test command builds the web app before the e2e tests`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-e2e-'));
  const localnet: Localnet = await startLocalnet({
    dataDir: join(dataDir, 'localnet'),
    cacheDir: join(root, 'data', 'localnet-cache'),
    evm: { port: 0 },
    sideEvm: { port: 0 },
    ltc: { rpcPort: 0, p2pPort: 0, required: !!process.env.CI },
    blockIntervalMs: 0,
    handleSignals: false,
    log: () => undefined,
  });
  if (!localnet.sideEvm) {
    await localnet.stop();
    throw new Error('localnet started without its EVM side chain');
  }
  const sideEvm = localnet.sideEvm;
  const port = 18_000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The server reads DATA_DIR/localnet/endpoints.json (written above) for ETH, LTC and the side chain.
      DATA_DIR: dataDir,
      WALLET_PROFILE: 'local',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child);
  } catch (e) {
    await localnet.stop();
    throw e;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('localnet', { evm: localnet.evm, sideEvm, ltc: localnet.ltc });
  // The XRP Ledger simulator (started by startLocalnet on a free port; its ledgers close through its control API).
  project.provide('xrpl', localnet.xrpl ?? null);
  // The FIO chain simulator (started by startLocalnet on a free port).
  project.provide('fio', localnet.fio ?? null);
  // The TRON simulator (started by startLocalnet on a free port).
  project.provide('tron', localnet.tron ?? null);
  // The Stellar Horizon simulator (started by startLocalnet on a free port).
  project.provide('stellar', localnet.stellar ?? null);
  // The Solana node (LiteSVM; started by startLocalnet on free ports, slots every 400 ms).
  project.provide('solana', localnet.solana ?? null);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await localnet.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    localnet: Pick<Localnet, 'evm' | 'ltc'> & { sideEvm: SideEvmInfo };
    xrpl: XrplInfo | null;
    fio: import('@secux-companion/localnet').FioInfo | null;
    tron: TronInfo | null;
    stellar: StellarInfo | null;
    solana: import('@secux-companion/localnet').SolanaInfo | null;
  }
}
