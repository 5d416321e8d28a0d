/** The family's shipped defaults: public RPCs, keyless explorers and Blockbooks, timeouts, Etherscan's plans. */

/** Chains of this family the server can serve by symbol (plus EVM-<chainId> from the snapshot). */
export const EVM_SYMBOLS = ['ETH', 'TETH', 'BSC', 'TBSC', 'XDC', 'HME'] as const;

export const BSC_DATASEED_NODES = [
  ...[1, 2, 3, 4].map((i) => `https://bsc-dataseed${i}.bnbchain.org`),
  ...[1, 2, 3, 4].map((i) => `https://bsc-dataseed${i}.defibit.io`),
  ...[1, 2, 3, 4].map((i) => `https://bsc-dataseed${i}.ninicoin.io`),
];

export const MAINNET_RPC: Record<string, string[]> = {
  // cloudflare-eth.com answers every call with -32046 "Cannot fulfill request" (mainnet-behaviour.md): removed.
  ETH: ['https://ethereum-rpc.publicnode.com', 'https://eth.llamarpc.com'],
  // Spec 02 BSC: "tried across 12 node URLs in turn" — BNB Chain's public dataseed nodes (its own four, under the
  // bnbchain.org name that replaced binance.org, then Defibit's and Ninicoin's four each).
  BSC: BSC_DATASEED_NODES,
  TBSC: ['https://data-seed-prebsc-1-s1.bnbchain.org:8545'],
  // TETH is Sepolia (chain id 11155111 from core's table): Goerli, the testnet of old, is shut down.
  TETH: ['https://ethereum-sepolia-rpc.publicnode.com', 'https://sepolia.drpc.org'],
  // XDC's public RPCs as chain lists name them (viem, the XinFin ones; mainnet-behaviour.md §3.1).
  XDC: [
    'https://rpc.xdcrpc.com',
    'https://erpc.xinfin.network',
    'https://rpc.xinfin.network',
    'https://rpc1.xinfin.network',
  ],
};
/**
 * Keyless explorers: Blockscout's per-instance API (`/api`, about 5 requests a second per IP without a key). Only
 * ETH's instance is documented as Blockscout's own (bsc/xdc instances appear in third-party code only).
 */
export const MAINNET_BLOCKSCOUT: Record<string, string[]> = {
  ETH: ['https://eth.blockscout.com/api'],
};
/**
 * Keyless Blockbooks of EVM chains (Trezor's hosts, mainnet-behaviour.md §1 and §3.6): BSC's history, token discovery
 * and NFTs (Etherscan's free plan does not serve BSC), ETH's after Blockscout. Their REST allows by default 20
 * requests a minute per IP: one address call per history page or token listing. Like the default explorers, they
 * give way to a chain's own CHAIN_<SYM>_EXPLORER (and CHAIN_<SYM>_BLOCKBOOK replaces them).
 */
export const MAINNET_BLOCKBOOK_EVM: Record<string, string[]> = {
  ETH: ['https://eth1.trezor.io', 'https://eth2.trezor.io'],
  BSC: ['https://bsc1.trezor.io', 'https://bsc2.trezor.io'],
};
/** Spec 02 BSC: 20 s for its explorer and node calls (CHAIN_BSC_TIMEOUT_MS overrides). */
export const BSC_TIMEOUT_MS = 20_000;
/** Spec 02 BSC: what a call that every dataseed node failed says, followed by the last failure. */
export const BSC_ALL_FAILED_PREFIX = 'bsc-dataseed server error: ';
export const BSC_CHAINS = new Set(['BSC', 'TBSC']);
/** Chains Etherscan V2 serves with one key (chainid parameter). */
export const ETHERSCAN_V2 = 'https://api.etherscan.io/v2/api';
export const ETHERSCAN_V2_CHAINS = new Set(['ETH', 'TETH', 'BSC', 'TBSC', 'XDC']);
/**
 * Chain ids Etherscan's free plan does not serve (BNB Smart Chain and its testnet, Base, OP Mainnet, Avalanche
 * C-Chain; docs.etherscan.io/supported-chains): it answers HTTP 200 `status:"0"` "Free API access is not supported
 * for this chain", so an Etherscan URL is not used for them unless ETHERSCAN_PAID_PLAN says the key is a paid one.
 */
export const ETHERSCAN_PAID_ONLY_CHAIN_IDS: ReadonlySet<number> = new Set([56, 97, 8453, 10, 43114]);
export const isEtherscanHost = (url: string) => /(^|\.)etherscan\.io$/i.test(new URL(url).hostname);
/** A Blockscout instance by its host name (CHAIN_<SYM>_EXPLORER_KIND says so for other names). */
export const isBlockscoutHost = (url: string) => /blockscout/i.test(new URL(url).hostname);
/** /fees asks the explorer gas oracle first (spec 02 §7 BSC). */
export const GAS_ORACLE_FIRST = new Set(['BSC', 'TBSC']);
