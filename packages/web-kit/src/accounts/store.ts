/**
 * The accounts of the selected coin, whatever its family: recovery from the device with discovery, refresh,
 * create / rename / delete with the device kept in sync. The family (from the registry) does the chain work;
 * this store keeps the descriptors and their state. Screens read it through {@link useAccounts}. The registry
 * reaches it through state/families.ts (the root provides it): the store imports no family.
 */
import type { ChainSymbol, Issue } from '@secux-companion/core';
import { createStore, useStore } from '../state/store';
import { onWalletReset } from '../state/walletStorage';
import { loadFamily } from '../state/families';
import type { AnyFamily, CreateInput, DiscoveryProgress, FamilyChain, WalletAccount } from '../family/types';
import { unservedCoin, type UnservedCoin } from './api';
import { recordAccounts, syncOpenedCoin, takeDiscovered } from './discovery';

export interface AccountsState {
  /** Whose accounts these are: the coin ('BTC', 'ETH' …) or 'EVM-<chainId>' for a chain the user added. */
  scope: string | null;
  coin: ChainSymbol | null;
  family: AnyFamily | null;
  chain: FamilyChain | null;
  accounts: WalletAccount[];
  selectedId: string | null;
  /** `unserved`: the server does not serve the coin (see `unserved`); nothing was read from the device. */
  status: 'idle' | 'discovering' | 'ready' | 'error' | 'unserved';
  /** Why the server does not serve the coin and which of its settings would (status `unserved`). */
  unserved: UnservedCoin | null;
  progress: DiscoveryProgress | null;
  /** The last balance refresh failed: the balances shown are the last known ones. */
  stale: boolean;
}

const initial: AccountsState = {
  scope: null,
  coin: null,
  family: null,
  chain: null,
  accounts: [],
  selectedId: null,
  status: 'idle',
  unserved: null,
  progress: null,
  stale: false,
};

export const accountsStore = createStore<AccountsState>(initial);

export function useAccounts<S>(select: (s: AccountsState) => S): S {
  return useStore(accountsStore, select);
}

export function selectedAccount(s: AccountsState = accountsStore.get()): WalletAccount | undefined {
  return s.accounts.find((a) => a.id === s.selectedId) ?? s.accounts[0];
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

/** The family and chain of a coin (loaded once per coin). */
export async function familyChain(coin: ChainSymbol): Promise<{ family: AnyFamily; chain: FamilyChain }> {
  const family = await loadFamily(coin);
  return { family, chain: await family.loadChain(coin) };
}

let generation = 0;

// Settings → Reset forgets the accounts shown: they are read from the device again when a coin is opened.
// A discovery still running is dropped (its generation is stale).
onWalletReset(() => {
  ++generation;
  accountsStore.set({ ...initial });
});

/**
 * Spec 01 §4 "Selecting a coin": clear that coin's accounts, recover them from the device, select the first. A coin
 * the server does not serve (its provider not configured) ends in status `unserved` without asking the device.
 */
export async function loadAccounts(coin: ChainSymbol): Promise<void> {
  const gen = ++generation;
  accountsStore.set({ ...initial, scope: coin, coin, status: 'discovering' });
  try {
    // Discovery at connect has just read the coin (or is reading it): its result is taken, not read again.
    const discovered = await takeDiscovered(coin);
    if (gen !== generation) return;
    if (discovered) {
      const { family, chain, accounts } = discovered;
      syncOpenedCoin(coin);
      accountsStore.set({
        family,
        chain,
        accounts,
        selectedId: accounts[0]?.id ?? null,
        status: 'ready',
        progress: null,
      });
      return;
    }
    // The server's word on the coin is asked while the family loads (its chain may already fail for that reason).
    const [why, loaded] = await Promise.allSettled([unservedCoin(coin), familyChain(coin)]);
    if (gen !== generation) return;
    if (why.status === 'fulfilled' && why.value) {
      accountsStore.set({ status: 'unserved', unserved: why.value, progress: null });
      return;
    }
    if (loaded.status === 'rejected') throw loaded.reason;
    const { family, chain } = loaded.value;
    accountsStore.set({ family, chain });
    const accounts: WalletAccount[] = await family.recover(chain, coin, {
      onProgress: (progress) => gen === generation && accountsStore.set({ progress }),
    });
    if (gen !== generation) return;
    accountsStore.set({ accounts, selectedId: accounts[0]?.id ?? null, status: 'ready', progress: null });
    recordAccounts(coin, accounts, chain);
    family
      .syncToDevice(chain, accounts)
      .catch((e: unknown) => console.warn('account sync to the device failed', e));
  } catch (e) {
    if (gen === generation) accountsStore.set({ status: 'error', progress: null });
    throw e;
  }
}

/** Shows accounts already known elsewhere (a chain the user added, from the EVM chains area). */
export function showAccounts(
  scope: string,
  family: AnyFamily,
  chain: FamilyChain,
  accounts: WalletAccount[],
  selectedId: string | null,
): void {
  ++generation;
  accountsStore.set({ ...initial, scope, coin: null, family, chain, accounts, selectedId, status: 'ready' });
}

function current() {
  const s = accountsStore.get();
  if (!s.family || !s.chain || !s.scope) throw new Error('no coin selected');
  return { ...s, family: s.family, chain: s.chain, scope: s.scope };
}

/** Re-reads every account's balance (throws on failure: the caller shows err-40). */
export async function refreshBalances(): Promise<void> {
  const s = accountsStore.get();
  if (!s.family || !s.chain) return;
  const { scope, family, chain, accounts } = s;
  let updated: WalletAccount[];
  try {
    updated = await family.refresh(chain, accounts);
  } catch (e) {
    // A failed provider never turns into a zero balance: the last known values stay, marked stale.
    if (accountsStore.get().scope === scope) accountsStore.set({ stale: true });
    throw e;
  }
  if (accountsStore.get().scope !== scope) return;
  accountsStore.set((st) => ({
    stale: false,
    accounts: st.accounts.map((a) => updated.find((u) => u.id === a.id) ?? a),
  }));
  followPortfolio();
}

/** The home portfolio follows the selected coin's accounts (after a refresh, a create, a delete). */
function followPortfolio() {
  const s = accountsStore.get();
  if (s.coin && s.scope === s.coin && s.chain && s.status === 'ready' && !s.stale)
    recordAccounts(s.coin, s.accounts, s.chain);
}

/** Creates the next account (the family checks its rules: warm-002, err-17 …), written to the device. */
export async function createAccount(input: CreateInput): Promise<WalletAccount> {
  const { family, chain, scope, accounts } = current();
  const account: WalletAccount = await family.create(chain, scope, accounts, input);
  if (accountsStore.get().scope !== scope) return account;
  accountsStore.set((s) => ({
    accounts: [...s.accounts.filter((a) => a.id !== account.id), account].sort(
      (a, b) => a.bip - b.bip || a.index - b.index,
    ),
  }));
  followPortfolio();
  return account;
}

/** Renames on the device first; a failure to save is err-09. */
export async function renameAccount(id: string, name: string): Promise<void> {
  const { family, chain, accounts } = current();
  const a = accounts.find((x) => x.id === id);
  if (!a) return;
  try {
    await family.rename(chain, a, name);
  } catch (e) {
    console.warn('rename failed', e);
    throw new AccountActionError({ code: 'err-09' });
  }
  accountsStore.set((s) => ({ accounts: s.accounts.map((x) => (x.id === id ? { ...x, name } : x)) }));
}

/** Deletes an account the family's rules allow to delete, from the device and the list; returns the accounts left. */
export async function deleteAccount(id: string): Promise<WalletAccount[]> {
  const { family, chain, accounts } = current();
  const a = accounts.find((x) => x.id === id);
  if (!a) return accounts;
  await family.remove(chain, a);
  let left: WalletAccount[] = [];
  accountsStore.set((s) => {
    left = s.accounts.filter((x) => x.id !== id);
    return { accounts: left, selectedId: s.selectedId === id ? (left[0]?.id ?? null) : s.selectedId };
  });
  followPortfolio();
  return left;
}
