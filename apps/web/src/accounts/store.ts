/**
 * Accounts of the selected bitcoin-family coin: recovery from the device with discovery, refresh,
 * create / rename / delete with the device kept in sync. Screens read it through {@link useAccounts}.
 */
import { CHAINS, type Bip, type ChainSymbol } from '@secux-companion/core';
import { createStore, useStore } from '../state/store';
import { currentDevice } from '../device/runtime';
import { getBitcoinChain } from '../chains/bitcoin';
import { recoverAccounts, syncToDevice, type DiscoveryProgress } from './discovery';
import { createAccountIssue, deleteAccountIssue, isEmptyAccount, newAccount, previousAccount } from './rules';
import type { AppAccount } from './types';
import type { Issue } from '@secux-companion/core';

export interface AccountsState {
  chain: ChainSymbol | null;
  accounts: AppAccount[];
  selectedId: string | null;
  status: 'idle' | 'discovering' | 'ready' | 'error';
  progress: DiscoveryProgress | null;
  /** The last balance refresh failed: the balances shown are the last known ones. */
  stale: boolean;
}

export const accountsStore = createStore<AccountsState>({
  chain: null,
  accounts: [],
  selectedId: null,
  status: 'idle',
  progress: null,
  stale: false,
});

export function useAccounts<S>(select: (s: AccountsState) => S): S {
  return useStore(accountsStore, select);
}

export function selectedAccount(s: AccountsState = accountsStore.get()): AppAccount | undefined {
  return s.accounts.find((a) => a.id === s.selectedId) ?? s.accounts[0];
}

let generation = 0;

/** Spec 01 §4 "Selecting a coin": clear that coin's accounts, recover them from the device, select the first. */
export async function loadAccounts(chain: ChainSymbol): Promise<void> {
  const gen = ++generation;
  accountsStore.set({ chain, accounts: [], selectedId: null, status: 'discovering', progress: null });
  try {
    const { backend, adapter } = await getBitcoinChain(chain);
    backend.clearCache();
    const device = currentDevice();
    const accounts = await recoverAccounts(chain, device, backend, {
      networkBips: adapter.network.bips,
      onProgress: (progress) => gen === generation && accountsStore.set({ progress }),
    });
    if (gen !== generation) return;
    accountsStore.set({ accounts, selectedId: accounts[0]?.id ?? null, status: 'ready', progress: null });
    syncToDevice(device, accounts).catch((e: unknown) => console.warn('account sync to the device failed', e));
  } catch (e) {
    if (gen === generation) accountsStore.set({ status: 'error', progress: null });
    throw e;
  }
}

/** Re-reads every account's balance (throws on failure: the caller shows err-40). */
export async function refreshBalances(): Promise<void> {
  const { chain, accounts } = accountsStore.get();
  if (!chain) return;
  let updated: AppAccount[];
  try {
    const { backend } = await getBitcoinChain(chain);
    backend.clearCache();
    updated = await Promise.all(
      accounts.map(async (a) => {
        const s = await backend.getAccountSummary(a.extendPubKey, a.bip);
        return { ...a, balance: s.balance + s.unconfirmed, pending: s.unconfirmed, txCount: s.txCount };
      }),
    );
  } catch (e) {
    // A failed provider never turns into a zero balance: the last known values stay, marked stale.
    if (accountsStore.get().chain === chain) accountsStore.set({ stale: true });
    throw e;
  }
  if (accountsStore.get().chain !== chain) return;
  accountsStore.set((s) => ({
    stale: false,
    accounts: s.accounts.map((a) => updated.find((u) => u.id === a.id) ?? a),
  }));
}

export function selectAccount(id: string): void {
  accountsStore.set({ selectedId: id });
}

/** Thrown with a catalogue key the screens translate. */
export class AccountActionError extends Error {
  override readonly name = 'AccountActionError';
  constructor(readonly issue: Issue) {
    super(issue.code);
  }
}

/**
 * Creates the next account of `bip`. warm-002 while the previous account is empty (checked against a
 * fresh balance); 'history length error' → err-17; other failures are rethrown (the screen alerts
 * 'unexpected error, please retry again' and goes to the landing page).
 */
export async function createAccount(bip: Bip, name: string): Promise<AppAccount> {
  const { chain, accounts } = accountsStore.get();
  if (!chain) throw new Error('no coin selected');
  const { backend } = await getBitcoinChain(chain);
  const prev = previousAccount(accounts, bip);
  let fresh = accounts;
  if (prev) {
    try {
      backend.clearCache();
      const s = await backend.getAccountSummary(prev.extendPubKey, prev.bip);
      fresh = accounts.map((a) => (a.id === prev.id ? { ...a, balance: s.balance + s.unconfirmed, pending: s.unconfirmed, txCount: s.txCount } : a));
    } catch (e) {
      if (e instanceof Error && /history length error/i.test(e.message)) throw new AccountActionError({ code: 'err-17' });
      throw e;
    }
  }
  const blocked = createAccountIssue(fresh, bip);
  if (blocked) throw new AccountActionError(blocked);
  const device = currentDevice();
  const probe = newAccount(chain, fresh, bip, '', name);
  const xpub = await device.getXPublicKey(probe.path);
  const account = { ...probe, extendPubKey: xpub };
  await device.setAccount({ name, path: account.path, balance: '0', symbol: chain, decimal: CHAINS[chain].decimals });
  accountsStore.set((s) => ({ accounts: [...fresh.filter((a) => s.accounts.some((x) => x.id === a.id)), account] }));
  return account;
}

/** Renames on the device first; a failure to save is err-09. */
export async function renameAccount(id: string, name: string): Promise<void> {
  const a = accountsStore.get().accounts.find((x) => x.id === id);
  if (!a) return;
  try {
    await currentDevice().setAccount({
      name,
      path: a.path,
      balance: a.balance < 0n ? '0' : a.balance.toString(),
      symbol: a.chain,
      decimal: CHAINS[a.chain].decimals,
    });
  } catch (e) {
    console.warn('rename failed', e);
    throw new AccountActionError({ code: 'err-09' });
  }
  accountsStore.set((s) => ({ accounts: s.accounts.map((x) => (x.id === id ? { ...x, name } : x)) }));
}

/** Deletes an empty account from the device and the list; err-11 when it has balance or history. */
export async function deleteAccount(id: string): Promise<void> {
  const a = accountsStore.get().accounts.find((x) => x.id === id);
  if (!a) return;
  const issue = deleteAccountIssue(a);
  if (issue) throw new AccountActionError(issue);
  await currentDevice().deleteAccount(a.path);
  accountsStore.set((s) => {
    const accounts = s.accounts.filter((x) => x.id !== id);
    return { accounts, selectedId: s.selectedId === id ? (accounts[0]?.id ?? null) : s.selectedId };
  });
}

export { isEmptyAccount };
