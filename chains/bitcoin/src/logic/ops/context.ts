/** What every bitcoin-family operation shares: the network, its data source, the account keys and the relay minimum. */
import { CHAINS } from '@secux-companion/core';
import type {
  AccountDescriptor,
  AccountSummary as CommonAccountSummary,
} from '@secux-companion/chain-common';
import type { BuildContext } from '../build';
import { usableUtxos } from '../coinselect';
import { AccountKeys } from '../derive';
import { NETWORKS, type NetworkId, type UtxoNetwork } from '../networks';
import type { AccountSummary, BitcoinAdapterOptions, BitcoinBackend, Utxo } from '../types';

export interface BitcoinContext {
  network: UtxoNetwork;
  chain: UtxoNetwork['chain'];
  info: (typeof CHAINS)[UtxoNetwork['chain']];
  backend: BitcoinBackend;
  options: BitcoinAdapterOptions;
  /** Keys of each account, derived once. */
  keyCache: Map<string, AccountKeys>;
  /** The network's relay minimum as last asked, reused for a minute (ops/networkFee.ts). */
  minFee: { at: number; value: Promise<number | null> } | null;
}

export function createBitcoinContext(
  networkId: NetworkId,
  backend: BitcoinBackend,
  options: BitcoinAdapterOptions,
): BitcoinContext {
  const network = NETWORKS[networkId];
  const chain = network.chain;
  return { network, chain, info: CHAINS[chain], backend, options, keyCache: new Map(), minFee: null };
}

export const summaryOf = (s: AccountSummary): CommonAccountSummary => ({
  balance: s.balance + s.unconfirmed,
  pending: s.unconfirmed,
  txCount: s.txCount,
});

export const xpubOf = (account: AccountDescriptor): string => {
  if (!account.xpub) throw new Error('A bitcoin-family account needs its xpub');
  return account.xpub;
};

/** Addresses and keys of an account. */
export function keysOf(ctx: BitcoinContext, account: AccountDescriptor): AccountKeys {
  const id = `${account.bip}:${account.path}:${xpubOf(account)}`;
  let keys = ctx.keyCache.get(id);
  if (!keys) {
    keys = new AccountKeys(ctx.network, xpubOf(account), account.bip, account.path);
    ctx.keyCache.set(id, keys);
  }
  return keys;
}

/** What a build needs: the network, the account's keys and (unless told otherwise) its usable outputs. */
export async function buildContextOf(
  ctx: BitcoinContext,
  account: AccountDescriptor,
  withUtxos = true,
): Promise<BuildContext> {
  const keys = keysOf(ctx, account);
  const utxos = withUtxos
    ? usableUtxos(await ctx.backend.getUtxos(xpubOf(account), account.bip)).map((u): Utxo => ({
        ...u,
        type: keys.type,
      }))
    : [];
  return { network: ctx.network, keys, utxos, ...(ctx.options.rng ? { rng: ctx.options.rng } : {}) };
}
