/**
 * EVM accounts of one chain (a native chain such as ETH, or a chain the user added): recovery from the
 * device's list filtered by coin 60 and the chain id (one address per account), discovery, refresh,
 * create / rename / delete with the device kept in sync.
 */
import {
  CHAINS,
  accountBasePath,
  defaultAccountName,
  sanitizeRecoveredName,
  signingPath,
  toBareAccountPath,
} from '@secux-companion/core';
import { assertEvmAccountDeletable, defaultEvmName, evmDeleteBlock } from './naming';
import { clearTokenSettings, deviceTokens, readTokenSettings } from './tokens';
import { AccountActionError } from '../accounts/store';
import { createStore, useStore } from '../state/store';
import { currentDevice } from '../device/runtime';
import type { EvmChain } from '../chains/evm';

export interface EvmAccount {
  /** `${scope}:${path}` */
  id: string;
  index: number;
  /** Bare account path m/44'/60'/{index}'. */
  path: string;
  address: string;
  name: string;
  balance: bigint;
  nonce: number;
  txCount: number;
}

export interface EvmAccountsState {
  /** 'ETH', 'TETH' … or 'EVM-<chainId>' for a chain the user added. */
  scope: string | null;
  chain: EvmChain | null;
  accounts: EvmAccount[];
  selectedId: string | null;
  status: 'idle' | 'discovering' | 'ready' | 'error';
}

export const evmStore = createStore<EvmAccountsState>({
  scope: null,
  chain: null,
  accounts: [],
  selectedId: null,
  status: 'idle',
});

export function useEvm<S>(select: (s: EvmAccountsState) => S): S {
  return useStore(evmStore, select);
}

export function selectedEvmAccount(s: EvmAccountsState = evmStore.get()): EvmAccount | undefined {
  return s.accounts.find((a) => a.id === s.selectedId) ?? s.accounts[0];
}

export function selectEvmAccount(id: string): void {
  evmStore.set({ selectedId: id });
}

const COIN_TYPE = 60;

/** Name of account `index` on this chain (native: 'Ethereum 1'; added chain: shortened chain name). */
export function evmAccountName(chain: EvmChain, index: number): string {
  return chain.spec.symbol === 'EVM'
    ? defaultEvmName(chain.spec.name, index)
    : defaultAccountName(chain.spec.symbol, index, 44);
}

let generation = 0;

/** Recovers the chain's accounts: device list (coin 60, chain id) for names and indexes, plus discovery. */
export async function loadEvmAccounts(scope: string, chain: EvmChain): Promise<void> {
  const gen = ++generation;
  evmStore.set({ scope, chain, accounts: [], selectedId: null, status: 'discovering' });
  try {
    const device = currentDevice();
    const onDevice = new Map<number, string>();
    for (const a of await device.getAccounts(COIN_TYPE, chain.spec.chainId)) {
      try {
        const m = /^m\/44'\/60'\/(\d+)'$/.exec(toBareAccountPath(a.path));
        if (m) onDevice.set(Number(m[1]), a.name);
      } catch {
        // not an account path
      }
    }
    // Discovery already read each probed account's balance and nonce: only accounts known from the device
    // alone are asked for (in parallel).
    const found = await chain.adapter.discoverWithSummaries(device);
    const indexes = new Set<number>([...found.map((d) => d.account.index), ...onDevice.keys()]);
    const accounts: EvmAccount[] = await Promise.all(
      [...indexes]
        .sort((a, b) => a - b)
        .map(async (index) => {
          const path = accountBasePath(44, COIN_TYPE, index);
          const d = found.find((x) => x.account.index === index);
          const address =
            d?.account.address ?? (await device.getAddress(signingPath(chainSymbol(chain), path)));
          const s = d?.summary ?? (await chain.backend.getAccount(address));
          const fallback = evmAccountName(chain, index);
          return {
            id: `${scope}:${path}`,
            index,
            path,
            address,
            name: onDevice.has(index) ? sanitizeRecoveredName(onDevice.get(index), fallback) : fallback,
            balance: s.balance,
            nonce: s.nonce,
            txCount: s.txCount,
          };
        }),
    );
    if (gen !== generation) return;
    evmStore.set({ accounts, selectedId: accounts[0]?.id ?? null, status: 'ready' });
    syncEvmToDevice(chain, accounts).catch((e: unknown) =>
      console.warn('account sync to the device failed', e),
    );
  } catch (e) {
    if (gen === generation) evmStore.set({ status: 'error' });
    throw e;
  }
}

function chainSymbol(chain: EvmChain) {
  return chain.spec.symbol;
}

function deviceEntry(chain: EvmChain, a: Pick<EvmAccount, 'name' | 'path' | 'balance'>) {
  return {
    name: a.name,
    path: a.path,
    balance: a.balance < 0n ? '0' : a.balance.toString(),
    symbol: chain.spec.coin,
    decimal: chain.spec.decimals,
    chainId: chain.spec.chainId,
  };
}

export async function syncEvmToDevice(chain: EvmChain, accounts: readonly EvmAccount[]): Promise<void> {
  for (const a of accounts) await currentDevice().setAccount(deviceEntry(chain, a));
}

/** Re-reads every account's balance and nonce. */
export async function refreshEvmBalances(): Promise<void> {
  const { chain, accounts, scope } = evmStore.get();
  if (!chain) return;
  const updated = await Promise.all(
    accounts.map(async (a) => {
      const s = await chain.backend.getAccount(a.address);
      return { ...a, balance: s.balance, nonce: s.nonce, txCount: s.txCount };
    }),
  );
  if (evmStore.get().scope !== scope) return;
  evmStore.set((s) => ({ accounts: s.accounts.map((a) => updated.find((u) => u.id === a.id) ?? a) }));
}

/** Creates the next account (first unused index), written to the device. */
export async function createEvmAccount(name?: string): Promise<EvmAccount> {
  const { chain, accounts, scope } = evmStore.get();
  if (!chain || !scope) throw new Error('no chain selected');
  const used = new Set(accounts.map((a) => a.index));
  let index = 0;
  while (used.has(index)) index++;
  const path = accountBasePath(44, COIN_TYPE, index);
  const address = await currentDevice().getAddress(signingPath(chainSymbol(chain), path));
  const account: EvmAccount = {
    id: `${scope}:${path}`,
    index,
    path,
    address,
    name: name?.trim() || evmAccountName(chain, index),
    balance: 0n,
    nonce: 0,
    txCount: 0,
  };
  await currentDevice().setAccount(deviceEntry(chain, account));
  evmStore.set((s) => ({ accounts: [...s.accounts, account].sort((a, b) => a.index - b.index) }));
  return account;
}

export async function renameEvmAccount(id: string, name: string): Promise<void> {
  const { chain, accounts } = evmStore.get();
  const a = accounts.find((x) => x.id === id);
  if (!a || !chain) return;
  await currentDevice().setAccount(deviceEntry(chain, { ...a, name }));
  evmStore.set((s) => ({ accounts: s.accounts.map((x) => (x.id === id ? { ...x, name } : x)) }));
}

/**
 * 'Can not delete an active account' when the balance is above 0; native chains also need no enabled
 * tokens and no history (err-11). Spec 01 §6: the account's token entries are deleted from the device
 * first (a token read from the device but never switched on still has an entry), then the account.
 * Returns the accounts left.
 */
export async function deleteEvmAccount(id: string): Promise<EvmAccount[]> {
  const { chain, accounts } = evmStore.get();
  const a = accounts.find((x) => x.id === id);
  if (!a || !chain) return accounts;
  if (chain.spec.symbol === 'EVM') assertEvmAccountDeletable(a);
  else {
    // Native chains: a fresh balance and transaction count, and the account's enabled tokens.
    const fresh = await chain.backend.getAccount(a.address);
    const enabledTokens = readTokenSettings(chain.spec.chainId, a.address).enabled.length;
    const block = evmDeleteBlock(chain.spec.symbol, {
      balance: fresh.balance,
      txCount: fresh.txCount,
      enabledTokens,
    });
    if (block === 'active') assertEvmAccountDeletable(fresh);
    else if (block) throw new AccountActionError(block);
  }
  const device = currentDevice();
  for (const token of await deviceTokens(chain, a))
    await device.deleteToken(signingPath(chain.spec.symbol, a.path), token.contract, chain.spec.chainId);
  await device.deleteAccount(a.path, chain.spec.chainId);
  clearTokenSettings(chain.spec.chainId, a.address);
  const left = accounts.filter((x) => x.id !== id);
  evmStore.set((s) => ({
    accounts: left,
    selectedId: s.selectedId === id ? (left[0]?.id ?? null) : s.selectedId,
  }));
  return left;
}

export const COIN_DECIMALS = (chain: EvmChain) => chain.spec.decimals;
export const NATIVE_INFO = CHAINS;
