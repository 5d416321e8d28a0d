/**
 * The EVM coins of the menu besides ETH (TETH, BSC, TBSC, XDC, HME): one anvil each, with the chain id of core's
 * chain table (Sepolia 11155111, 56, 97, 50, 886), the same token contracts as the ETH chain (same deployer key and
 * nonces, so the same addresses) and the emulator's accounts of the coin's coin type (core's table: 60 for each)
 * funded.
 */
import { CHAINS } from '@secux-companion/core';
import type { Artifact } from './compile.js';
import { startEvm, type EvmInfo } from './node.js';
import { deriveEthAccounts, startAll } from '@secux-companion/sim-kit';

export const EVM_COINS = ['TETH', 'BSC', 'TBSC', 'XDC', 'HME'] as const;
export type EvmCoin = (typeof EVM_COINS)[number];

/** `npm start`'s ports, after the ETH chain (8545) and the side chain (8546). */
export const DEFAULT_EVM_COIN_PORTS: Readonly<Record<EvmCoin, number>> = {
  TETH: 8547,
  BSC: 8548,
  TBSC: 8549,
  XDC: 8550,
  HME: 8551,
};

/** The native currency each coin's chain counts in (what the wallet shows: BSC and TBSC count in BNB). */
export const EVM_COIN_UNITS: Readonly<Record<EvmCoin, string>> = {
  TETH: 'ETH',
  BSC: 'BNB',
  TBSC: 'BNB',
  XDC: 'XDC',
  HME: 'HME',
};

/** The chain id the wallet expects for the coin (core's chain table). */
export function evmCoinChainId(coin: EvmCoin): number {
  const id = CHAINS[coin].chainId;
  if (id === undefined) throw new Error(`core's chain table has no chain id for ${coin}`);
  return id;
}

/** Reads a coin list: 0/false/no/off → none, else comma- or space-separated symbols (case-insensitive). */
export function parseEvmCoins(text: string): EvmCoin[] {
  const t = text.trim();
  if (/^(0|false|no|off)$/i.test(t)) return [];
  const out: EvmCoin[] = [];
  for (const word of t.split(/[\s,]+/).filter(Boolean)) {
    const coin = EVM_COINS.find((c) => c === word.toUpperCase());
    if (!coin)
      throw new Error(
        `LOCALNET_EVM_COINS: unknown coin ${JSON.stringify(word)} (one of ${EVM_COINS.join(', ')})`,
      );
    if (!out.includes(coin)) out.push(coin);
  }
  return out;
}

export interface EvmCoinsOptions {
  coins: readonly EvmCoin[];
  host: string;
  ports: Readonly<Record<EvmCoin, number>>;
  mnemonic: string;
  accounts: number;
  balanceEth: number;
  blockIntervalMs: number;
  /** The compiled token contracts (awaited by every chain; the anvils spawn before it settles). */
  artifacts: Promise<Record<string, Artifact>>;
  log: (msg: string) => void;
}

export interface StartedEvmCoins {
  info: Partial<Record<EvmCoin, EvmInfo>>;
  stop: () => Promise<void>;
}

/** Starts every coin's chain in parallel; when one fails, the others are stopped and its error is thrown. */
export async function startEvmCoins(o: EvmCoinsOptions): Promise<StartedEvmCoins> {
  const started = await startAll(o.coins, (coin) =>
    startEvm({
      host: o.host,
      port: o.ports[coin],
      chainId: evmCoinChainId(coin),
      accounts: deriveEthAccounts(o.mnemonic, o.accounts, CHAINS[coin].coinType),
      balanceEth: o.balanceEth,
      blockIntervalMs: o.blockIntervalMs,
      artifacts: o.artifacts,
      log: o.log,
    }),
  );
  const stop = async () => {
    await Promise.all(started.map(([, r]) => r.stop()));
  };
  return { info: Object.fromEntries(started.map(([coin, r]) => [coin, r.info])), stop };
}
