/**
 * The account plumbing of a family with one address per account index at m/44'/{coinType}'/{n}' (XRP, Stellar,
 * TRON, Solana, FIO), its address derived at core's signing path of the account: accounts recovered through the
 * adapter's discovery, written to the device's account table, refreshed from the summary, created at the first free
 * index after a fresh read of the account before (err-17 / warm-002, where the family asks for it), renamed on the
 * device, rebuilt from the device's entries; receive and Buy at the account's address. Removal stays with each family
 * (its rule differs).
 */
import {
  accountBasePath,
  defaultAccountName,
  signingPath,
  supportsBuy,
  toBareAccountPath,
  type ChainSymbol,
} from '@secux-companion/core';
import type { DeviceAccount } from '@secux-companion/device';
import type { TokenHolding } from '@secux-companion/chain-common';
import { checkPreviousAccount } from '../accounts/createRules';
import { verifyAddressOnDevice } from '../device/actions';
import { currentDevice } from '../device/runtime';
import type { DeviceEntry, FamilyChain, PortfolioToken, WebFamily } from '../family/types';
import { nextAccountIndex, previousAccountOf } from '../accounts/indexes';

export interface SingleAddressAccount {
  id: string;
  index: number;
  bip: 44;
  path: string;
  address: string;
  name: string;
  balance: bigint;
  pending: bigint;
  txCount: number;
  /** The tokens the account's last read gave, where the family reads them with the account (TRON, Solana). */
  tokens?: readonly TokenHolding[];
}

/**
 * The funded tokens of an account as its last read gave them (no request), for the family's `tokenHoldings` slot;
 * `priceContract` names each on the coin's price platform (null: no market prices it).
 */
export function heldTokens(
  account: Pick<SingleAddressAccount, 'tokens'>,
  priceContract: (token: TokenHolding) => string | null,
): PortfolioToken[] {
  return (account.tokens ?? [])
    .filter((t) => t.balance > 0n)
    .map((t) => ({
      contract: t.contract,
      priceContract: priceContract(t),
      symbol: t.symbol,
      decimals: t.decimals,
      balance: t.balance,
      ...(t.unverified ? { unverified: true } : {}),
    }));
}

/** The account as the family's adapter reads it (chain-common's AccountDescriptor) for `coin`. */
export function accountDescriptor(
  coin: ChainSymbol,
  a: Pick<SingleAddressAccount, 'index' | 'path' | 'address'>,
) {
  return { chain: coin, index: a.index, bip: 44 as const, path: a.path, address: a.address };
}

/** A single-address account at m/44'/{coinType}'/{index}' with nothing read yet (balance, pending, txCount 0). */
export function singleAddressAccount(
  coinType: number,
  scope: string,
  index: number,
  address: string,
  name: string,
): SingleAddressAccount {
  const path = accountBasePath(44, coinType, index);
  return {
    id: `${scope}:${path}`,
    index,
    bip: 44,
    path,
    address,
    name,
    balance: 0n,
    pending: 0n,
    txCount: 0,
  };
}

/**
 * Removes an account of a family that keeps its tokens on the device (TRON, Solana) from the device (spec 01 §6):
 * the account's token entries first, then the account entry.
 */
export async function deleteAccountWithTokens(coinType: number, path: string): Promise<void> {
  const device = currentDevice();
  for (const e of await device.getTokens(coinType))
    if (e.contract && e.path === path) await device.deleteToken(path, e.contract);
  await device.deleteAccount(path);
}

export function singleAddressPlumbing<C extends FamilyChain, A extends SingleAddressAccount>(o: {
  /** The chain's coin, or the chain's own where one family serves several (FIO and TFIO). */
  coin: ChainSymbol | ((chain: C) => ChainSymbol);
  coinType: number;
  /** Decimals of the device's account entry. */
  decimal: number;
  /** Device entries that are not accounts of this family (checked before the path). */
  skipEntry?: (entry: DeviceAccount) => boolean;
  /** Whether create reads the account the new one follows (err-17 / warm-002). */
  checkPrevious: boolean;
}) {
  const coinOf = (chain: C): ChainSymbol => (typeof o.coin === 'function' ? o.coin(chain) : o.coin);
  /** Where the device derives the address of the account at `index`. */
  const addressPath = (chain: C, index: number) =>
    signingPath(coinOf(chain), accountBasePath(44, o.coinType, index));
  const pathRule = new RegExp(`^m/44'/${o.coinType}'/(\\d+)'$`);
  const account = (scope: string, index: number, address: string, name: string): A =>
    singleAddressAccount(o.coinType, scope, index, address, name) as A;
  const descriptor = (chain: C, a: A) => accountDescriptor(coinOf(chain), a);
  const deviceEntry = (chain: C, a: Pick<A, 'name' | 'path' | 'balance'>) => ({
    name: a.name,
    path: a.path,
    balance: a.balance < 0n ? '0' : a.balance.toString(),
    symbol: coinOf(chain),
    decimal: o.decimal,
  });
  const withSummary = async (chain: C, a: A): Promise<A> => {
    const s = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
    return {
      ...a,
      balance: s.balance,
      pending: s.pending,
      txCount: s.txCount,
      ...(s.tokens ? { tokens: s.tokens } : {}),
    };
  };
  const plumbing = {
    descriptor,
    async recover(chain, scope) {
      const found = await chain.adapter.discoverAccounts(currentDevice());
      return found.map((d) => ({
        ...account(scope, d.descriptor.index, d.descriptor.address ?? '', d.name),
        balance: d.summary.balance,
        txCount: d.summary.txCount,
        ...(d.summary.tokens ? { tokens: d.summary.tokens } : {}),
      }));
    },
    async syncToDevice(chain, accounts) {
      for (const a of accounts) await currentDevice().setAccount(deviceEntry(chain, a));
    },
    refresh: (chain, accounts) => Promise.all(accounts.map((a) => withSummary(chain, a))),
    /** The first unused index after a fresh read of the account it follows (err-17 / warm-002), written to the device. */
    async create(chain, scope, accounts, input) {
      const index = nextAccountIndex(accounts);
      const previous = o.checkPrevious ? previousAccountOf(accounts, index) : undefined;
      await checkPreviousAccount(previous, (a) => withSummary(chain, a));
      const address = await currentDevice().getAddress(addressPath(chain, index));
      const created = account(
        scope,
        index,
        address,
        input.name.trim() || defaultAccountName(coinOf(chain), index, 44),
      );
      await currentDevice().setAccount(deviceEntry(chain, created));
      return created;
    },
    async rename(chain, a, name) {
      await currentDevice().setAccount(deviceEntry(chain, { ...a, name }));
    },
    async fromDevice(chain, scope, entry) {
      const address = await currentDevice().getAddress(addressPath(chain, entry.index));
      return account(scope, entry.index, address, entry.name);
    },
    receiveTarget: (chain, a) => chain.adapter.getReceiveAddress(descriptor(chain, a)),
    showOnDevice: (_chain, path) => currentDevice().showAddress(path),
    /** Buy (spec 01 §9) to the account's receive address, confirmed on the device — where a provider sells the coin. */
    buy: (chain, a) =>
      supportsBuy(coinOf(chain))
        ? {
            loadTarget: async () => {
              const { address, path } = await chain.adapter.getReceiveAddress(descriptor(chain, a));
              return { address, path };
            },
            verify: (path: string) => verifyAddressOnDevice(path),
          }
        : null,
    async deviceEntries() {
      const out: DeviceEntry[] = [];
      for (const a of await currentDevice().getAccounts(o.coinType)) {
        if (o.skipEntry?.(a)) continue;
        try {
          const m = pathRule.exec(toBareAccountPath(a.path));
          if (m && !out.some((e) => e.index === Number(m[1])))
            out.push({ index: Number(m[1]), bip: 44, name: a.name });
        } catch {
          // not an account path
        }
      }
      return out;
    },
  } satisfies Pick<
    WebFamily<C, A>,
    | 'descriptor'
    | 'recover'
    | 'syncToDevice'
    | 'refresh'
    | 'create'
    | 'rename'
    | 'fromDevice'
    | 'deviceEntries'
    | 'receiveTarget'
    | 'showOnDevice'
    | 'buy'
  >;
  return plumbing;
}
