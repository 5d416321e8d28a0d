/**
 * The local EVM chains: Foundry's anvil (the `@foundry-rs/anvil` npm package ships its Linux binary), one process per
 * chain, loopback only. Emulator accounts are funded at start (anvil_setBalance), the token contracts are deployed from
 * a fixed deployer key (so their addresses never change) and blocks are mined on every transaction (automine) plus on
 * an interval. Any account may send (auto-impersonation), as the tests' faucet and duster do. The side chain
 * (`contracts: false`) is the same without the deployer and the token contracts.
 *
 * Callers never reach anvil itself: the chain's port (rpcUrl, endpoints.json) is a loopback JSON-RPC filter
 * (evmFilter.ts) that refuses raw transactions as geth does (another chain id, no EIP-155 chain id, geth's codes and
 * messages) and forwards everything else; anvil listens on a free port of its own, which only the set-up here uses.
 *
 * anvil replaced ganache 7 (unmaintained): ganache executed an already-mined signed transaction again when the same
 * bytes were resubmitted, and ran each NFT metadata call for about a second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  maxUint256,
  parseAbi,
  getContractAddress,
  http,
  parseEther,
  type Address,
  type Chain,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Artifact } from './compile.js';
import { startEvmFilter } from './filter.js';
import type { Served } from '@secux-companion/sim-kit';
import { DEPLOYER_PRIVATE_KEY, freePort, type EthAccount } from '@secux-companion/sim-kit';

export const DEFAULT_CHAIN_ID = 31337;
/**
 * The side chain's id. It must differ from the main chain's: the device keys EVM accounts by
 * (coin type 60, chain id), so the side chain added as a custom chain would otherwise collide with
 * the native ETH entries of the main chain.
 */
export const DEFAULT_SIDE_CHAIN_ID = 31338;
export const DEFAULT_SIDE_EVM_PORT = 8546;
/** 1,000,000 LUSD at 6 decimals. */
export const LUSD_SUPPLY = 1_000_000n * 10n ** 6n;
export const PUNKS_MINTED = 2;
/** ERC-1155 ids 1 and 2 with these amounts. */
export const ITEM_AMOUNTS = [10n, 1n];

/**
 * The approvals manager's fixtures (issue 32): the account that approves (index 4, m/44'/60'/4'; no other suite moves
 * its funds or relies on its approvals) and the approvals it leaves at start, as a wallet user's would be: LUSD
 * unlimited to spender A and 250 LUSD to spender B, LPUNK's operator A and LITEM's operator B; and two approvals
 * already ended (LUSD to C set back to 0, LPUNK's operator C switched off), which the chain's events still show but
 * the contracts say are gone.
 */
export const APPROVALS_OWNER_INDEX = 4;
export const APPROVAL_SPENDERS = {
  a: getAddress('0x5fe1a1ce0000000000000000000000000000000a'),
  b: getAddress('0x5fe1a1ce0000000000000000000000000000000b'),
  c: getAddress('0x5fe1a1ce0000000000000000000000000000000c'),
} as const;
/** 250 LUSD (6 decimals). */
export const APPROVAL_LUSD_AMOUNT = 250_000_000n;

export interface EvmContracts {
  /** LocalUSD, "Local USD" LUSD, 6 decimals. */
  erc20: Address;
  /** LocalPunks, "Local Punks" LPUNK, token ids 1 and 2. */
  erc721: Address;
  /** LocalItems, "Local Items" LITEM, id 1 x10 and id 2 x1. */
  erc1155: Address;
}

/** What every local EVM chain has (the side chain is exactly this). */
export interface EvmChainInfo {
  rpcUrl: string;
  chainId: number;
  host: string;
  port: number;
  accounts: { index: number; path: string; address: Address; balanceWei: string }[];
  blockIntervalMs: number;
}

/** The main chain: with the deployer and the token contracts. */
export interface EvmInfo extends EvmChainInfo {
  deployer: Address;
  contracts: EvmContracts;
}

/** The side chain: funded accounts only, no deployer, no contracts. */
export type SideEvmInfo = EvmChainInfo;

interface EvmBaseOptions {
  host: string;
  port: number;
  chainId: number;
  accounts: EthAccount[];
  balanceEth: number;
  blockIntervalMs: number;
  log: (msg: string) => void;
}

/** The main chain (default): deploys the token contracts from the compiled artifacts. */
export interface EvmOptions extends EvmBaseOptions {
  contracts?: true;
  /** A promise: anvil is spawned and funded while solc still compiles. */
  artifacts: Record<string, Artifact> | Promise<Record<string, Artifact>>;
}

/** A chain with the funded accounts only (no solc output needed, so it can start before compiling). */
export interface PlainEvmOptions extends EvmBaseOptions {
  contracts: false;
}

export interface StartedEvm<I extends EvmChainInfo> {
  info: I;
  stop: () => Promise<void>;
}

export function localnetChain(rpcUrl: string, chainId = DEFAULT_CHAIN_ID): Chain {
  return defineChain({
    id: chainId,
    name: 'SecuX Localnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

/** The addresses the contracts get: deployer nonces 0, 1, 2 on a fresh chain. */
export function expectedContractAddresses(): EvmContracts {
  const from = privateKeyToAccount(DEPLOYER_PRIVATE_KEY).address;
  return {
    erc20: getContractAddress({ from, nonce: 0n }),
    erc721: getContractAddress({ from, nonce: 1n }),
    erc1155: getContractAddress({ from, nonce: 2n }),
  };
}

const ITEMS_URI = `data:application/json;base64,${Buffer.from(
  JSON.stringify({
    name: 'Local Item',
    description: 'Test multi-token on the SecuX companion local chain. No value.',
    image: `data:image/svg+xml;base64,${Buffer.from(
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 240 240'><circle cx='120' cy='120' r='100' fill='gold'/></svg>",
    ).toString('base64')}`,
  }),
).toString('base64')}`;

/** The anvil binary of this platform's package (an optional dependency of @foundry-rs/anvil). */
export function anvilBinary(): string {
  const arch = ({ x64: 'amd64', arm64: 'arm64' } as Record<string, string>)[process.arch];
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch ?? process.arch}`;
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
    return path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  } catch {
    throw new Error(`anvil is not installed for ${process.platform}/${process.arch} (${pkg}): run npm ci`);
  }
}

/** A free loopback port for anvil itself (the filter in front of it holds the chain's port). */
/** The anvils still running, killed on process exit by one listener (not one per chain: seven per local network). */
const liveAnvils = new Set<ChildProcess>();
function killOnExit(child: ChildProcess) {
  if (liveAnvils.size === 0) process.once('exit', killLiveAnvils);
  liveAnvils.add(child);
}
function releaseOnExit(child: ChildProcess) {
  liveAnvils.delete(child);
  if (liveAnvils.size === 0) process.off('exit', killLiveAnvils);
}
function killLiveAnvils() {
  for (const c of liveAnvils) c.kill('SIGKILL');
}

export function startEvm(o: EvmOptions): Promise<StartedEvm<EvmInfo>>;
export function startEvm(o: PlainEvmOptions): Promise<StartedEvm<SideEvmInfo>>;
export async function startEvm(o: EvmOptions | PlainEvmOptions): Promise<StartedEvm<EvmChainInfo>> {
  const withContracts = o.contracts !== false;
  const deployer = privateKeyToAccount(DEPLOYER_PRIVATE_KEY);
  const balance = parseEther(String(o.balanceEth));
  // anvil listens on a port of its own; the chain's port is the filter's (evmFilter.ts: geth's refusals).
  const anvilPort = await freePort(o.host);
  const anvilUrl = `http://${o.host}:${anvilPort}`;
  const child = spawn(
    anvilBinary(),
    [
      ...['--host', o.host, '--port', String(anvilPort), '--chain-id', String(o.chainId)],
      // The contracts are compiled for Shanghai (compile.ts); no funded dev accounts of anvil's own.
      ...['--hardfork', 'shanghai', '--accounts', '0', '--auto-impersonate', '--silent'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  killOnExit(child);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  let timer: NodeJS.Timeout | undefined;
  let filter: Served | undefined;
  const stop = async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    await filter?.stop();
    filter = undefined;
    releaseOnExit(child);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  // Set-up talks to anvil directly (funding, deploying, mining); callers get the filter's URL.
  const chain = localnetChain(anvilUrl, o.chainId);
  const transport = http(anvilUrl, { retryCount: 0 });
  const pub = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ chain, transport, account: deployer });
  const node = createTestClient({ chain, transport, mode: 'anvil' });

  const deployContracts = async (
    pending: Record<string, Artifact> | Promise<Record<string, Artifact>>,
  ): Promise<EvmContracts> => {
    const artifacts = await pending;
    const holder = o.accounts[0]!.address;
    const deploy = async (name: string, args: unknown[]): Promise<Address> => {
      const art = artifacts[name];
      if (!art) throw new Error(`missing compiled contract ${name}`);
      const hash = await wallet.deployContract({ abi: art.abi, bytecode: art.bytecode, args } as Parameters<
        typeof wallet.deployContract
      >[0]);
      const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success' || !receipt.contractAddress)
        throw new Error(`deploying ${name} failed`);
      return getAddress(receipt.contractAddress);
    };
    const contracts: EvmContracts = {
      erc20: await deploy('LocalUSD', [holder, LUSD_SUPPLY]),
      erc721: await deploy('LocalPunks', [holder, BigInt(PUNKS_MINTED), '']),
      erc1155: await deploy('LocalItems', [holder, ITEM_AMOUNTS, ITEMS_URI]),
    };
    const expected = expectedContractAddresses();
    for (const k of Object.keys(expected) as (keyof EvmContracts)[]) {
      if (expected[k].toLowerCase() !== contracts[k].toLowerCase())
        o.log(`warning: ${k} deployed at ${contracts[k]}, expected ${expected[k]}`);
    }
    return contracts;
  };

  // The approvals of the approvals manager's account (APPROVALS_OWNER_INDEX), sent as that account (anvil
  // impersonates it); its balance is set back afterwards so that only its nonce shows it sent them.
  const seedApprovals = async (c: EvmContracts) => {
    const owner = o.accounts[APPROVALS_OWNER_INDEX]?.address;
    if (!owner) return;
    const erc20 = parseAbi(['function approve(address spender, uint256 value) returns (bool)']);
    const nft = parseAbi(['function setApprovalForAll(address operator, bool approved)']);
    const { a, b, c: gone } = APPROVAL_SPENDERS;
    const sends: [Address, Hex][] = [
      [c.erc20, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [a, maxUint256] })],
      [c.erc20, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [b, APPROVAL_LUSD_AMOUNT] })],
      [c.erc20, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [gone, 1n] })],
      [c.erc20, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [gone, 0n] })],
      [c.erc721, encodeFunctionData({ abi: nft, functionName: 'setApprovalForAll', args: [a, true] })],
      [c.erc721, encodeFunctionData({ abi: nft, functionName: 'setApprovalForAll', args: [gone, true] })],
      [c.erc721, encodeFunctionData({ abi: nft, functionName: 'setApprovalForAll', args: [gone, false] })],
      [c.erc1155, encodeFunctionData({ abi: nft, functionName: 'setApprovalForAll', args: [b, true] })],
    ];
    for (const [to, data] of sends) {
      const hash = await wallet.sendTransaction({ account: owner, to, data, chain });
      const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`approval fixture to ${to} failed`);
    }
    await node.setBalance({ address: owner, value: balance });
  };

  try {
    filter = await startEvmFilter({ host: o.host, port: o.port, upstream: anvilUrl, chainId: o.chainId });
    const rpcUrl = filter.urls[0]!;
    const port = Number(new URL(rpcUrl).port);
    // Up when it answers (anvil binds in well under a second).
    for (let deadline = Date.now() + 30_000; ;) {
      if (child.exitCode !== null)
        throw new Error(`anvil exited with code ${child.exitCode}: ${stderr.trim()}`);
      const id = await pub.getChainId().catch(() => undefined);
      // Another process's node took the port between freePort and anvil's bind (ours then exits): the
      // caller starts again on fresh ports (e2e/stack.ts retries on "address already in use").
      if (id !== undefined && id !== o.chainId)
        throw new Error(`address already in use: port ${anvilPort} answers chain ${id}, not ${o.chainId}`);
      if (id !== undefined) break;
      if (Date.now() > deadline)
        throw new Error(`anvil did not answer at ${anvilUrl} within 30 s: ${stderr.trim()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const a of [...o.accounts.map((x) => x.address), ...(withContracts ? [deployer.address] : [])])
      await node.setBalance({ address: a, value: a === deployer.address ? parseEther('1000') : balance });
    const contracts = o.contracts !== false ? await deployContracts(o.artifacts) : null; // narrows `o`
    if (contracts) await seedApprovals(contracts);

    if (o.blockIntervalMs > 0) {
      timer = setInterval(() => {
        node.mine({ blocks: 1 }).catch(() => undefined);
      }, o.blockIntervalMs);
      timer.unref();
    }

    const info: EvmChainInfo = {
      rpcUrl,
      chainId: o.chainId,
      host: o.host,
      port,
      accounts: o.accounts.map((a) => ({
        index: a.index,
        path: a.path,
        address: a.address,
        balanceWei: balance.toString(),
      })),
      blockIntervalMs: o.blockIntervalMs,
    };
    if (!contracts) return { info, stop };
    // Same key order as before the side chain existed (endpoints.json stays diff-friendly).
    const main: EvmInfo = {
      rpcUrl,
      chainId: o.chainId,
      host: o.host,
      port,
      deployer: deployer.address,
      accounts: info.accounts,
      contracts,
      blockIntervalMs: o.blockIntervalMs,
    };
    return { info: main, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

export type { Hex };
