/**
 * The local EVM chain: ganache 7 in-process (programmatic `ganache.server()`), loopback only.
 * Emulator accounts are funded in the genesis state, the token contracts are deployed from a fixed
 * deployer key (so their addresses never change) and blocks are mined on every transaction
 * (instamine) plus on an interval.
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

export interface EvmInfo {
  rpcUrl: string;
  chainId: number;
  host: string;
  port: number;
  deployer: Address;
  accounts: { index: number; path: string; address: Address; balanceWei: string }[];
  contracts: EvmContracts;
  blockIntervalMs: number;
}

export interface EvmOptions {
  host: string;
  port: number;
  chainId: number;
  accounts: EthAccount[];
  balanceEth: number;
  blockIntervalMs: number;
  artifacts: Record<string, Artifact>;
  log: (msg: string) => void;
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

export async function startEvm(o: EvmOptions): Promise<{ info: EvmInfo; stop: () => Promise<void> }> {
  const deployer = privateKeyToAccount(DEPLOYER_PRIVATE_KEY);
  const balance = toHex(parseEther(String(o.balanceEth)));
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: o.chainId, networkId: o.chainId, hardfork: 'shanghai', vmErrorsOnRPCResponse: true },
    wallet: {
      accounts: [
        ...o.accounts.map((a) => ({ secretKey: a.privateKey, balance })),
        { secretKey: DEPLOYER_PRIVATE_KEY, balance: toHex(parseEther('1000')) },
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

  try {
    const holder = o.accounts[0]!.address;
    const deploy = async (name: string, args: unknown[]): Promise<Address> => {
      const art = o.artifacts[name];
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

    if (o.blockIntervalMs > 0) {
      timer = setInterval(() => {
        server.provider.request({ method: 'evm_mine', params: [] }).catch(() => undefined);
      }, o.blockIntervalMs);
      timer.unref();
    }

    return {
      info: {
        rpcUrl,
        chainId: o.chainId,
        host: o.host,
        port: o.port,
        deployer: deployer.address,
        accounts: o.accounts.map((a) => ({
          index: a.index,
          path: a.path,
          address: a.address,
          balanceWei: BigInt(balance).toString(),
        })),
        contracts,
        blockIntervalMs: o.blockIntervalMs,
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

export type { Hex };
