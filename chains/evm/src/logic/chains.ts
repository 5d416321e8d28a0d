/**
 * What the EVM adapter needs to know about one chain (spec 01 §3 "EVM chain", spec 02 §7, §9):
 * the native chains (ETH, TETH, BSC, TBSC, XDC, HME) come from core's CHAINS registry; a chain the
 * user added from the chain registry (symbol 'EVM') is described by the product API's addable-chain
 * entry (GET /api/evm/chains).
 */
import { CHAINS, isNativeEvmChain, type ChainSymbol } from '@secux-companion/core';

/** How the fee tiers of a chain are obtained. */
export type EvmFeeModel =
  /** eth_feeHistory (3 blocks, 25/50/75) → EIP-1559 tiers; the legacy gas price when all are 0. */
  | 'eip1559'
  /** The explorer gas oracle (Fast/Propose/Safe), 5 Gwei when it fails (BSC). */
  | 'gasOracle'
  /** eth_gasPrice for every tier (legacy EIP-155 transactions). */
  | 'legacy'
  /**
   * Legacy EIP-155 transactions with network tiers: the gas prices paid in the last blocks (eth_feeHistory
   * percentiles), the node's gas price when there is no history (XDC, HME).
   */
  | 'legacyTiers';

export interface EvmChainSpec {
  /** Core symbol: a native EVM chain or 'EVM' for a chain added by the user. */
  symbol: ChainSymbol;
  chainId: number;
  name: string;
  /** Native coin symbol (ETH, BNB, XDC …). */
  coin: string;
  decimals: number;
  feeModel: EvmFeeModel;
  /** The chain has a layer-1 fee oracle (OP-stack GasPriceOracle.getL1Fee). */
  l1FeeOracle: boolean;
  /** Block-explorer base URL (EIP-3091 paths /tx/{hash}, /address/{address}); none when absent. */
  explorer?: string;
  /** RPC URLs the browser may call itself (user-added chains only). */
  rpcs?: readonly string[];
  testnet: boolean;
}

/** OP-stack GasPriceOracle predeploy (getL1Fee(bytes)). */
export const L1_GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F' as const;

/**
 * Chains with the OP-stack layer-1 fee oracle (not in spec which ones; public OP-stack chains):
 * OP Mainnet 10, Base 8453, opBNB 204, Zora 7777777, Mode 34443, Fraxtal 252, Lisk 1135, Blast 81457.
 */
export const L1_FEE_ORACLE_CHAIN_IDS: ReadonlySet<number> = new Set([
  10, 8453, 204, 7777777, 34443, 252, 1135, 81457,
]);

/** Spec 02 §7: chain id 43114 (Avalanche C-Chain) has its explorer replaced by a fixed one. */
export const FIXED_EXPLORERS: Readonly<Record<number, string>> = { 43114: 'https://snowtrace.io' };

const NATIVE_COIN: Partial<Record<ChainSymbol, string>> = {
  ETH: 'ETH',
  TETH: 'ETH',
  BSC: 'BNB',
  TBSC: 'BNB',
  XDC: 'XDC',
  HME: 'HME',
};

/** Core's native EVM list (one home for it), as a type guard. */
export function isNativeEvmSymbol(symbol: string): symbol is 'ETH' | 'TETH' | 'BSC' | 'TBSC' | 'XDC' | 'HME' {
  return isNativeEvmChain(symbol);
}

export interface NativeSpecOverrides {
  /** The chain id the server runs this symbol on (the local profile runs ETH on the local chain 31337). */
  chainId?: number;
  /** false: no block explorer (local chain). */
  explorer?: string | false;
}

/** Spec of a native EVM chain from core's registry. */
export function nativeEvmChain(symbol: ChainSymbol, overrides: NativeSpecOverrides = {}): EvmChainSpec {
  if (!isNativeEvmSymbol(symbol)) throw new Error(`${symbol} is not a native EVM chain`);
  const info = CHAINS[symbol];
  const chainId = overrides.chainId ?? info.chainId;
  if (chainId === undefined) throw new Error(`${symbol} has no chain id`);
  const feeModel: EvmFeeModel =
    symbol === 'BSC' || symbol === 'TBSC'
      ? 'gasOracle'
      : symbol === 'XDC' || symbol === 'HME'
        ? 'legacyTiers'
        : 'eip1559';
  const explorer = overrides.explorer === false ? undefined : (overrides.explorer ?? info.explorer?.base);
  return {
    symbol,
    chainId,
    name: info.name,
    coin: NATIVE_COIN[symbol] ?? symbol,
    decimals: info.decimals,
    feeModel,
    l1FeeOracle: false,
    ...(explorer ? { explorer } : {}),
    testnet: info.testnet,
  };
}

/** The addable-chain entry the product API serves (GET /api/evm/chains), as far as the adapter needs it. */
export interface AddableChainLike {
  chainId: number;
  name: string;
  nativeCurrency: { symbol: string; decimals: number };
  rpcs: readonly string[];
  explorers?: readonly { url: string }[];
  /** The registry lists EIP-1559 among its features. */
  eip1559?: boolean;
  l1FeeOracle?: boolean;
}

/** Spec of a chain the user added (symbol 'EVM'). */
export function customEvmChain(entry: AddableChainLike): EvmChainSpec {
  const explorer =
    FIXED_EXPLORERS[entry.chainId] ?? entry.explorers?.find((e) => /^https:\/\//.test(e.url))?.url;
  return {
    symbol: 'EVM',
    chainId: entry.chainId,
    name: entry.name,
    coin: entry.nativeCurrency.symbol,
    decimals: entry.nativeCurrency.decimals,
    feeModel: entry.eip1559 === false ? 'legacy' : 'eip1559',
    l1FeeOracle: entry.l1FeeOracle ?? L1_FEE_ORACLE_CHAIN_IDS.has(entry.chainId),
    ...(explorer ? { explorer: explorer.replace(/\/+$/, '') } : {}),
    rpcs: [...entry.rpcs],
    testnet: false,
  };
}
