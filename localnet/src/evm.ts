/**
 * The local EVM chains: ganache 7 in-process (programmatic `ganache.server()`), loopback only.
 * Emulator accounts are funded in the genesis state, the token contracts are deployed from a fixed
 * deployer key (so their addresses never change) and blocks are mined on every transaction
 * (instamine) plus on an interval. The side chain (`contracts: false`) is the same without the
 * deployer and the token contracts.
 */
import ganache from 'ganache';
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  getContractAddress,
  parseEther,
  toHex,
  type Address,
  type Chain,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Artifact } from './compile.js';
import { DEPLOYER_PRIVATE_KEY, type EthAccount } from './keys.js';

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
  artifacts: Record<string, Artifact>;
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

export function startEvm(o: EvmOptions): Promise<StartedEvm<EvmInfo>>;
export function startEvm(o: PlainEvmOptions): Promise<StartedEvm<SideEvmInfo>>;
export async function startEvm(o: EvmOptions | PlainEvmOptions): Promise<StartedEvm<EvmChainInfo>> {
  const withContracts = o.contracts !== false;
  const deployer = privateKeyToAccount(DEPLOYER_PRIVATE_KEY);
  const balance = toHex(parseEther(String(o.balanceEth)));
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: o.chainId, networkId: o.chainId, hardfork: 'shanghai', vmErrorsOnRPCResponse: true },
    wallet: {
      // The deployer is funded only where it deploys. The main chain's genesis is as before (its contract
      // addresses come from the deployer's nonces 0..2); the side chain holds just the emulator's accounts.
      accounts: [
        ...o.accounts.map((a) => ({ secretKey: a.privateKey, balance })),
        ...(withContracts ? [{ secretKey: DEPLOYER_PRIVATE_KEY, balance: toHex(parseEther('1000')) }] : []),
      ],
    },
    miner: { blockTime: 0, instamine: 'eager' },
  });
  await server.listen(o.port, o.host);
  const address = o.port;
  const rpcUrl = `http://${o.host}:${address}`;
  const chain = localnetChain(rpcUrl, o.chainId);
  // Talk to the in-process provider directly (no HTTP round trips during setup). retryCount 0: viem
  // first tries eth_fillTransaction, which ganache lacks; with retries that costs ~1 s per transaction.
  const transport = custom(
    server.provider as unknown as { request(a: { method: string; params?: unknown }): Promise<unknown> },
    {
      retryCount: 0,
    },
  );
  const pub = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ chain, transport, account: deployer });

  let timer: NodeJS.Timeout | undefined;
  const stop = async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    await server.close().catch(() => undefined);
  };

  const deployContracts = async (artifacts: Record<string, Artifact>): Promise<EvmContracts> => {
    const holder = o.accounts[0]!.address;
    const deploy = async (name: string, args: unknown[]): Promise<Address> => {
      const art = artifacts[name];
      if (!art) throw new Error(`missing compiled contract ${name}`);
      const hash = await wallet.deployContract({ abi: art.abi, bytecode: art.bytecode, args } as Parameters<
        typeof wallet.deployContract
      >[0]);
      const receipt = await pub.getTransactionReceipt({ hash });
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

  try {
    const contracts = o.contracts !== false ? await deployContracts(o.artifacts) : null; // narrows `o`

    if (o.blockIntervalMs > 0) {
      timer = setInterval(() => {
        server.provider.request({ method: 'evm_mine', params: [] }).catch(() => undefined);
      }, o.blockIntervalMs);
      timer.unref();
    }

    const info: EvmChainInfo = {
      rpcUrl,
      chainId: o.chainId,
      host: o.host,
      port: o.port,
      accounts: o.accounts.map((a) => ({
        index: a.index,
        path: a.path,
        address: a.address,
        balanceWei: BigInt(balance).toString(),
      })),
      blockIntervalMs: o.blockIntervalMs,
    };
    if (!contracts) return { info, stop };
    // Same key order as before the side chain existed (endpoints.json stays diff-friendly).
    const main: EvmInfo = {
      rpcUrl,
      chainId: o.chainId,
      host: o.host,
      port: o.port,
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
