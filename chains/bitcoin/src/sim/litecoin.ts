/**
 * The Litecoin regtest node: Debian's `litecoind` (Litecoin Core 0.21.x) as a child process with its
 * own data directory, loopback-only RPC and P2P ports, txindex, a legacy "miner" wallet (mines and
 * funds) and a legacy watch-only "watch" wallet holding the emulator's funded addresses.
 *
 * Debian's litecoind is built without SQLite, so descriptor wallets (createwallet descriptors=true,
 * importdescriptors) are NOT available: watch-only wallets are legacy ones (createwallet with
 * disable_private_keys=true) filled with importmulti (descriptors accepted) or importaddress.
 * scantxoutset, getrawtransaction (txindex), listtransactions/listunspent on the watch wallet work.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  LITECOIN_REGTEST,
  LITECOIN_REGTEST_LEGACY_SCRIPT_HASH,
  type LtcAccount,
} from '@secux-companion/sim-kit';

export const DEFAULT_LTC_RPC_PORT = 19443;
export const DEFAULT_LTC_P2P_PORT = 19444;
export const MINER_WALLET = 'miner';
export const WATCH_WALLET = 'watch';
/** Litecoin regtest: 50 LTC per block, halving every 150 blocks, coinbase maturity 100. */
const INITIAL_BLOCKS = 110;

export interface LtcNetworkParams {
  /** bitcoinjs-lib compatible Network. */
  network: typeof LITECOIN_REGTEST;
  name: 'regtest';
  /** SLIP-44 coin type used in the derivation paths (the device uses 2 for Litecoin on every network). */
  coinType: 2;
  /** The old 0xc4 P2SH version byte litecoind also accepts on regtest. */
  legacyScriptHash: number;
}

export interface LtcInfo {
  rpcUrl: string;
  rpcUser: string;
  rpcPassword: string;
  host: string;
  rpcPort: number;
  p2pPort: number;
  dataDir: string;
  /** Process id of litecoind. */
  pid: number;
  version: string;
  networkParams: LtcNetworkParams;
  /** Wallet names (RPC path /wallet/<name>). watch: legacy watch-only wallet with the funded addresses imported. */
  wallets: { miner: string; watch: string };
  minerAddress: string;
  funded: { path: string; type: string; address: string; amount: number }[];
  blockIntervalMs: number;
}

export interface LtcOptions {
  binary: string;
  host: string;
  rpcPort: number;
  p2pPort: number;
  rpcUser: string;
  rpcPassword: string;
  dataDir: string;
  fund: LtcAccount[];
  fundAmount: number;
  blockIntervalMs: number;
  log: (msg: string) => void;
}

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** Minimal Bitcoin-Core JSON-RPC client. */
export function ltcRpc(url: string, user: string, password: string) {
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return async function call<T = unknown>(
    method: string,
    params: unknown[] = [],
    wallet?: string,
  ): Promise<T> {
    const res = await fetch(wallet ? `${url}/wallet/${encodeURIComponent(wallet)}` : url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify({ jsonrpc: '1.0', id: method, method, params }),
    });
    const text = await res.text();
    let body: { result?: T; error?: { code: number; message: string } | null };
    try {
      body = JSON.parse(text);
    } catch {
      throw new RpcError(`litecoind ${method}: HTTP ${res.status} ${text.slice(0, 200)}`, -1);
    }
    if (body.error) throw new RpcError(`litecoind ${method}: ${body.error.message}`, body.error.code);
    return body.result as T;
  };
}

/** Path of the litecoind binary, or null when it is not installed. */
export function findLitecoind(binary = 'litecoind'): string | null {
  if (binary.includes('/')) return fs.existsSync(binary) ? binary : null;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const p = path.join(dir || '.', binary);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return null;
}

export const INSTALL_HINT =
  'litecoind not found: the Litecoin regtest node is skipped (EVM chains only). Install it with\n' +
  '  sudo apt-get update && sudo apt-get install -y litecoind\n' +
  '(or set LITECOIND=/path/to/litecoind).';

/** Our own pid file (litecoind writes litecoind.pid only with -daemon). */
const PID_FILE = 'litecoind.localnet.pid';

/** Stop a litecoind left over from an earlier (crashed) run on the same data directory (it holds the lock). */
function killStale(dataDir: string, log: (m: string) => void) {
  const pidFile = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return;
  let cmd = '';
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // not running
  }
  if (!cmd.includes('litecoind') || !cmd.includes(`-datadir=${dataDir}`)) return;
  log(`stopping stale litecoind (pid ${pid}) on ${dataDir}`);
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const until = Date.now() + 15000;
  while (Date.now() < until && fs.existsSync(`/proc/${pid}`)) spawnSync('sleep', ['0.1']);
  if (fs.existsSync(`/proc/${pid}`)) process.kill(pid, 'SIGKILL');
}

export async function startLitecoin(
  o: LtcOptions,
): Promise<{ info: LtcInfo; child: ChildProcess; stop: () => Promise<void> }> {
  const dataDir = path.resolve(o.dataDir);
  const regtestDir = path.join(dataDir, 'regtest');
  fs.mkdirSync(dataDir, { recursive: true });
  killStale(dataDir, o.log);
  // A fresh chain on every start, like the EVM chain (which lives in memory).
  fs.rmSync(regtestDir, { recursive: true, force: true });
  const conf = [
    '# Written by @secux-companion/localnet on every start. Use: litecoin-cli -datadir=' +
      dataDir +
      ' getblockchaininfo',
    'regtest=1',
    'server=1',
    'txindex=1',
    'printtoconsole=0',
    '[regtest]',
    `rpcuser=${o.rpcUser}`,
    `rpcpassword=${o.rpcPassword}`,
    `rpcport=${o.rpcPort}`,
    `rpcbind=${o.host}`,
    `rpcallowip=${o.host}`,
    `port=${o.p2pPort}`,
    `bind=${o.host}:${o.p2pPort}`, // with the port: litecoind 0.21 binds a bare address to the default 19444
    'connect=0',
    'dnsseed=0',
    'discover=0',
    'listenonion=0',
    'upnp=0',
    'fallbackfee=0.0001',
    'mempoolreplacement=1', // Litecoin Core 0.21 refuses every replacement (RBF) unless told otherwise
    'rpcworkqueue=64',
    'keypool=20', // the default 1000 makes createwallet take seconds
    '',
  ].join('\n');
  const confFile = path.join(dataDir, 'litecoin.conf');
  fs.writeFileSync(confFile, conf, { mode: 0o600 });

  const child = spawn(o.binary, ['-regtest', `-datadir=${dataDir}`, `-conf=${confFile}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (child.pid) fs.writeFileSync(path.join(dataDir, PID_FILE), String(child.pid));
  let stderr = '';
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  child.once('error', (e) => {
    stderr += String(e);
  });

  const rpcUrl = `http://${o.host}:${o.rpcPort}`;
  const rpc = ltcRpc(rpcUrl, o.rpcUser, o.rpcPassword);
  let timer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (exited) return;
      await rpc('stop').catch(() => child.kill('SIGTERM'));
      const t = setTimeout(() => child.kill('SIGKILL'), 15000);
      await exitPromise;
      clearTimeout(t);
      fs.rmSync(path.join(dataDir, PID_FILE), { force: true });
    })());

  try {
    // Wait for the RPC server (error -28 while warming up, connection refused before it listens).
    const deadline = Date.now() + 60000;
    let version = '';
    for (;;) {
      if (exited)
        throw new Error(
          `litecoind exited (${JSON.stringify(exited)}): ${stderr.trim() || 'see ' + path.join(regtestDir, 'debug.log')}`,
        );
      try {
        const ni = await rpc<{ subversion: string }>('getnetworkinfo');
        version = ni.subversion;
        break;
      } catch (e) {
        if (Date.now() > deadline)
          throw new Error(`litecoind RPC not ready after 60 s: ${(e as Error).message}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    await rpc('createwallet', [MINER_WALLET]);
    // name, disable_private_keys, blank, passphrase, avoid_reuse, descriptors(false: no SQLite in Debian's build)
    await rpc('createwallet', [WATCH_WALLET, true, true, '', false, false]);
    const minerAddress = await rpc<string>('getnewaddress', ['miner', 'bech32'], MINER_WALLET);
    await rpc('generatetoaddress', [INITIAL_BLOCKS, minerAddress]);

    // Watch the emulator's addresses before funding them, so no rescan is needed.
    const imports = await Promise.all(
      o.fund.map(async (a) => {
        const { descriptor } = await rpc<{ descriptor: string }>('getdescriptorinfo', [`addr(${a.address})`]);
        return { desc: descriptor, timestamp: 'now', watchonly: true, label: a.path };
      }),
    );
    const res = await rpc<{ success: boolean; error?: { message: string } }[]>(
      'importmulti',
      [imports, { rescan: false }],
      WATCH_WALLET,
    );
    const failed = res.find((r) => !r.success);
    if (failed) throw new Error(`importmulti failed: ${failed.error?.message}`);

    const amounts: Record<string, number> = {};
    for (const a of o.fund) amounts[a.address] = o.fundAmount;
    await rpc('sendmany', ['', amounts], MINER_WALLET);
    await rpc('generatetoaddress', [1, minerAddress]);

    if (o.blockIntervalMs > 0) {
      timer = setInterval(() => {
        rpc('generatetoaddress', [1, minerAddress]).catch(() => undefined);
      }, o.blockIntervalMs);
      timer.unref();
    }

    return {
      child,
      stop,
      info: {
        rpcUrl,
        rpcUser: o.rpcUser,
        rpcPassword: o.rpcPassword,
        host: o.host,
        rpcPort: o.rpcPort,
        p2pPort: o.p2pPort,
        dataDir,
        pid: child.pid!,
        version,
        networkParams: {
          network: LITECOIN_REGTEST,
          name: 'regtest',
          coinType: 2,
          legacyScriptHash: LITECOIN_REGTEST_LEGACY_SCRIPT_HASH,
        },
        wallets: { miner: MINER_WALLET, watch: WATCH_WALLET },
        minerAddress,
        funded: o.fund.map((a) => ({ path: a.path, type: a.type, address: a.address, amount: o.fundAmount })),
        blockIntervalMs: o.blockIntervalMs,
      },
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
