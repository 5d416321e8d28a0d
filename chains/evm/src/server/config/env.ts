/** The family's settings: global and per-chain environment, and the localnet's nodes. */
import { z } from 'zod';
import {
  boolStr,
  chainRate,
  chainTimeout,
  clean,
  httpUrl,
  int,
  urlList,
  type Env,
} from '@secux-companion/server-kit/env';
import { EVM_SYMBOLS } from './defaults.js';

export const EvmGlobalEnv = z.object({
  CHAIN_HEALTH_TIMEOUT_MS: int(100, 60_000).default(3_000),
  ETHERSCAN_API_KEY: z.string().trim().min(1).optional(),
  /** The Etherscan key is a paid plan's: Etherscan is then also used for the chains its free plan excludes (BSC). */
  ETHERSCAN_PAID_PLAN: boolStr.optional(),
  CHAIN_REGISTRY_FILE: z.string().trim().min(1).optional(),
  LOCAL_EVM_RPC: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
  LOCAL_EVM_CHAIN_ID: int(1, 2 ** 32).default(31337),
});

export const EvmPerChainEnv = z.object({
  RPC: urlList.optional(),
  CHAIN_ID: int(1, 2 ** 32).optional(),
  EXPLORER: urlList.optional(),
  EXPLORER_KEY: z.string().trim().min(1).optional(),
  /** What CHAIN_<SYM>_EXPLORER speaks: `etherscan` or `blockscout` (default: blockscout when its host says so). */
  EXPLORER_KIND: z.enum(['etherscan', 'blockscout']).optional(),
  /** Blockbook URLs of the chain (history, token discovery, NFTs), or `none`. */
  BLOCKBOOK: urlList.optional(),
  BLOCK_SCAN: boolStr.optional(),
  TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
  /** The chain's token list (GET …/token-list): a JSON file of entries, or 'none' (tokenList.ts). */
  TOKEN_LIST: z.string().trim().min(1).optional(),
});
export type PerChain = z.infer<typeof EvmPerChainEnv>;
export type Global = z.infer<typeof EvmGlobalEnv>;

export const LocalNode = z.object({
  rpcUrl: z.string().refine(httpUrl),
  chainId: z.number().int().positive(),
  contracts: z.object({ erc20: z.string().optional() }).partial().optional(),
});
export type LocalNode = z.infer<typeof LocalNode>;
/** endpoints.json: `evm` (ETH) and `evmCoins` (the other symbols), each read on its own. */
const LocalnetFile = z.object({ evm: z.unknown(), evmCoins: z.record(z.string(), z.unknown()) }).partial();

export const globalEnv = (env: Env): Global =>
  EvmGlobalEnv.parse(clean(env, Object.keys(EvmGlobalEnv.shape)));

/** The localnet EVM nodes by symbol: ETH's from LOCAL_EVM_RPC, else the file's `evm`; the others' from `evmCoins`. */
export function localNodes(g: Global, localnet: unknown): Partial<Record<string, LocalNode>> {
  const f = LocalnetFile.safeParse(localnet);
  const file = f.success ? f.data : {};
  const node = (v: unknown) => {
    const n = LocalNode.safeParse(v);
    return n.success ? n.data : undefined;
  };
  const out: Partial<Record<string, LocalNode>> = {};
  const eth = g.LOCAL_EVM_RPC ? { rpcUrl: g.LOCAL_EVM_RPC, chainId: g.LOCAL_EVM_CHAIN_ID } : node(file.evm);
  if (eth) out.ETH = eth;
  for (const sym of EVM_SYMBOLS) {
    const n = sym === 'ETH' ? undefined : node(file.evmCoins?.[sym]);
    if (n) out[sym] = n;
  }
  return out;
}
