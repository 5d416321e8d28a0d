/**
 * Discovery at connect (issue 33): every coin's accounts at a glance without opening any coin.
 *
 * 1. The device's own account table is read once and its accounts are shown at once, grouped by coin, with the
 *    balances the device stores (state `stored`).
 * 2. Each coin is then refreshed from the network in the background, a few coins at a time ({@link
 *    DISCOVERY_CONCURRENCY}): the family's recovery (the device's accounts plus discovery by activity), then the
 *    accounts are written back to the device. Each coin has a clear state: `queued`, `refreshing` (with the
 *    family's progress), `fresh`, `failed` (with the error: its reason) or `unserved` (the server's profile does
 *    not serve it, with the settings that would).
 * 3. Opening a coin takes what its discovery just read ({@link takeDiscovered}) instead of running it again.
 *
 * The store names no family: the family is asked through the registry (state/families.ts), the device through
 * the runtime. The scheduler itself ({@link runDiscovery}) takes its dependencies, so tests drive it directly.
 */
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import type { DeviceAccount } from '@secux-companion/device';
import { createStore, useStore } from '../state/store';
import { onWalletReset } from '../state/walletStorage';
import { loadFamily } from '../state/families';
import { runtime } from '../device/runtime';
import type { AnyFamily, DiscoveryProgress, FamilyChain, WalletAccount } from '../family/types';
import { fetchUnservedCoins, type UnservedCoin } from './api';

/** Coins refreshed from the network at the same time. */
export const DISCOVERY_CONCURRENCY = 3;
/** What a coin's discovery read is taken by opening the coin for this long; later the coin reads again. */
export const DISCOVERED_FRESH_MS = 5 * 60 * 1000;

export type CoinDiscoveryState = 'stored' | 'queued' | 'refreshing' | 'fresh' | 'failed' | 'unserved';

/** An account of the device's table with the balance the device stores (null when the device's text is no amount). */
export interface StoredAccount {
  name: string;
  path: string;
  balance: bigint | null;
}

export interface CoinDiscovery {
  coin: ChainSymbol;
  state: CoinDiscoveryState;
  /** The coin's accounts on the device's table, as read at connect. */
  stored: StoredAccount[];
  /** The accounts read from the network (state `fresh`); null before. */
  accounts: WalletAccount[] | null;
  /** How the coin's amounts are shown. */
  unit: { symbol: string; decimals: number };
  progress: DiscoveryProgress | null;
  /** Why the refresh failed (state `failed`): the error, for the screen's error text. */
  error: unknown;
  /** Why the server does not serve the coin (state `unserved`). */
  unserved: UnservedCoin | null;
  refreshedAt: number | null;
}

export interface DiscoveryState {
  /** The coins in the order shown (the menu's). */
  order: ChainSymbol[];
  coins: Partial<Record<ChainSymbol, CoinDiscovery>>;
  /** The device's table was read (its accounts are shown). */
  tableRead: boolean;
  /** The device's table could not be read: the coins show their refresh only. */
  tableError: unknown;
  running: boolean;
  startedAt: number | null;
  finishedAt: number | null;
}

const initial: DiscoveryState = {
  order: [],
  coins: {},
  tableRead: false,
  tableError: null,
  running: false,
  startedAt: null,
  finishedAt: null,
};

export const discoveryStore = createStore<DiscoveryState>(initial);

export function useDiscovery<S>(select: (s: DiscoveryState) => S): S {
  return useStore(discoveryStore, select);
}

/** A device table entry as the device layer reads it. */
export type TableEntry = DeviceAccount;

const ACCOUNT_PATH = /^m\/(\d+)'\/(\d+)'\/(\d+)'/;

/**
 * The coin of a device table entry among `coins`: its path's coin type, and its chain id where the coin has one
 * (the EVM coins share coin type 60). Coins sharing both (a testnet beside its mainnet) are told apart by the
 * symbol the entry stores; otherwise the first of `coins` is taken. Tokens (a contract) and unknown entries: null.
 */
export function coinOfEntry(entry: TableEntry, coins: readonly ChainSymbol[]): ChainSymbol | null {
  if (entry.contract) return null;
  const m = ACCOUNT_PATH.exec(entry.path);
  if (!m) return null;
  const coinType = Number(m[2]);
  const candidates = coins.filter((c) => {
    const info = CHAINS[c];
    if (info.coinType !== coinType) return false;
    return info.chainId === undefined ? !entry.chainId : info.chainId === entry.chainId;
  });
  if (candidates.length <= 1) return candidates[0] ?? null;
  return candidates.find((c) => c === entry.symbol) ?? candidates[0]!;
}

/** The table's accounts grouped by coin, with their stored balances. */
export function storedByCoin(
  table: readonly TableEntry[],
  coins: readonly ChainSymbol[],
): Map<ChainSymbol, StoredAccount[]> {
  const out = new Map<ChainSymbol, StoredAccount[]>();
  for (const e of table) {
    const coin = coinOfEntry(e, coins);
    if (!coin) continue;
    const balance = /^\d{1,78}$/.test(e.balance) ? BigInt(e.balance) : null;
    const list = out.get(coin) ?? [];
    list.push({ name: e.name, path: e.path, balance });
    out.set(coin, list);
  }
  return out;
}

/**
 * A coin's total as shown: the network's accounts once read, else the device's stored balances; null when a
 * stored balance is unreadable (the total is not known, never 0).
 */
export function coinTotal(c: CoinDiscovery): bigint | null {
  if (c.accounts) return c.accounts.reduce((s, a) => s + a.balance, 0n);
  let sum = 0n;
  for (const a of c.stored) {
    if (a.balance === null) return null;
    sum += a.balance;
  }
  return sum;
}

/** A coin's accounts as shown: the network's once read, else the device's. */
export function coinAccountCount(c: CoinDiscovery): number {
  return c.accounts ? c.accounts.length : c.stored.length;
}

/** What a coin's refresh gives: its accounts, and the family and chain that read them (reused when opened). */
export interface RefreshedCoin {
  accounts: WalletAccount[];
  family: AnyFamily;
  chain: FamilyChain;
}

export interface DiscoveryDeps {
  /** The coins to discover, in the order shown. */
  coins: readonly ChainSymbol[];
  readTable(): Promise<readonly TableEntry[]>;
  /** The coins the server says it does not serve (asked once). */
  unserved(): Promise<Map<string, UnservedCoin>>;
  refreshCoin(coin: ChainSymbol, onProgress: (p: DiscoveryProgress) => void): Promise<RefreshedCoin>;
  concurrency?: number;
  now?: () => number;
}

let generation = 0;
let running: { device: unknown; done: Promise<void> } | null = null;
/** The family and chain of each coin refreshed, and its in-flight refresh (taken by opening the coin). */
const refreshed = new Map<ChainSymbol, { at: number; value: RefreshedCoin }>();
const inFlight = new Map<ChainSymbol, Promise<RefreshedCoin | null>>();
/** A queued coin opened by the user: started next, before the others. */
const urgent: ChainSymbol[] = [];

function setCoin(coin: ChainSymbol, patch: Partial<CoinDiscovery>) {
  discoveryStore.set((s) => {
    const prev = s.coins[coin];
    if (!prev) return {};
    return { coins: { ...s.coins, [coin]: { ...prev, ...patch } } };
  });
}

function blank(coin: ChainSymbol, stored: StoredAccount[]): CoinDiscovery {
  return {
    coin,
    state: 'stored',
    stored,
    accounts: null,
    unit: { symbol: coin, decimals: CHAINS[coin].decimals },
    progress: null,
    error: null,
    unserved: null,
    refreshedAt: null,
  };
}

/** A coin's progress is shown at most this often: every store change renders the portfolio again. */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * A coin's progress reports, written to the store at most once per {@link PROGRESS_INTERVAL_MS} (the first at once,
 * then the latest of each interval); nothing after `stop` (the coin's final state has its own write).
 */
function throttledProgress(coin: ChainSymbol, gen: number) {
  let last = 0;
  let pending: DiscoveryProgress | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = (p: DiscoveryProgress) => {
    last = Date.now();
    if (gen === generation) setCoin(coin, { progress: p });
  };
  return {
    report(p: DiscoveryProgress) {
      const wait = last + PROGRESS_INTERVAL_MS - Date.now();
      if (wait <= 0 && !timer) return write(p);
      pending = p;
      timer ??= setTimeout(
        () => {
          timer = null;
          if (pending) write(pending);
          pending = null;
        },
        Math.max(0, wait),
      );
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

/**
 * Runs discovery: the table first (shown at once), then each coin's refresh, `concurrency` at a time. Resolves
 * when every coin has its final state; a coin's failure is its state, never a rejection.
 */
export async function runDiscovery(deps: DiscoveryDeps): Promise<void> {
  const gen = ++generation;
  const now = deps.now ?? Date.now;
  const coins = [...deps.coins];
  refreshed.clear();
  inFlight.clear();
  urgent.length = 0;
  discoveryStore.set({
    ...initial,
    order: coins,
    coins: Object.fromEntries(coins.map((c) => [c, blank(c, [])])),
    running: true,
    startedAt: now(),
  });
  // The server's word on the coins is asked while the device's table is read.
  const unservedP = deps.unserved().catch(() => new Map<string, UnservedCoin>());
  try {
    const stored = storedByCoin(await deps.readTable(), coins);
    if (gen !== generation) return;
    discoveryStore.set((s) => ({
      tableRead: true,
      coins: Object.fromEntries(
        coins.map((c) => [c, { ...s.coins[c]!, stored: stored.get(c) ?? [] }]),
      ) as DiscoveryState['coins'],
    }));
  } catch (e) {
    if (gen !== generation) return;
    discoveryStore.set({ tableError: e });
  }
  const unserved = await unservedP;
  if (gen !== generation) return;
  const queue: ChainSymbol[] = [];
  for (const c of coins) {
    const why = unserved.get(c);
    if (why) setCoin(c, { state: 'unserved', unserved: why });
    else {
      setCoin(c, { state: 'queued' });
      queue.push(c);
    }
  }

  const refreshOne = async (coin: ChainSymbol) => {
    setCoin(coin, { state: 'refreshing' });
    const progress = throttledProgress(coin, gen);
    const p = deps.refreshCoin(coin, progress.report).then(
      (value) => {
        progress.stop();
        if (gen !== generation) return null;
        const at = now();
        refreshed.set(coin, { at, value });
        setCoin(coin, {
          state: 'fresh',
          accounts: value.accounts,
          unit: { symbol: value.chain.unit.symbol, decimals: value.chain.unit.decimals },
          progress: null,
          error: null,
          refreshedAt: at,
        });
        return value;
      },
      (error: unknown) => {
        progress.stop();
        if (gen === generation) setCoin(coin, { state: 'failed', progress: null, error });
        return null;
      },
    );
    inFlight.set(coin, p);
    await p;
    inFlight.delete(coin);
  };

  const next = (): ChainSymbol | undefined => {
    while (urgent.length) {
      const u = urgent.shift()!;
      const i = queue.indexOf(u);
      if (i >= 0) return queue.splice(i, 1)[0];
    }
    return queue.shift();
  };
  const worker = async () => {
    for (let coin = next(); coin && gen === generation; coin = next()) await refreshOne(coin);
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? DISCOVERY_CONCURRENCY) }, worker));
  if (gen === generation) discoveryStore.set({ running: false, finishedAt: now() });
}

/**
 * What opening `coin` can take instead of running its discovery again: its fresh result (taken once: a later
 * opening reads the device and network again), the refresh in flight (awaited), or a queued refresh started at
 * once. Null when discovery has nothing for the coin (not discovered, failed, too old).
 */
export async function takeDiscovered(coin: ChainSymbol, now = Date.now()): Promise<RefreshedCoin | null> {
  const s = discoveryStore.get().coins[coin];
  if (!s) return null;
  if (s.state === 'queued') {
    urgent.push(coin);
    // A worker picks it next; wait until its refresh has begun.
    for (let i = 0; i < 200 && discoveryStore.get().coins[coin]?.state === 'queued'; i++)
      await new Promise((r) => setTimeout(r, 25));
  }
  const flying = inFlight.get(coin);
  if (flying) await flying;
  const done = refreshed.get(coin);
  if (!done || now - done.at > DISCOVERED_FRESH_MS) return null;
  refreshed.delete(coin);
  return done.value;
}

/**
 * The accounts of a coin as its account list now has them (after opening it, a refresh, a create or delete): the
 * portfolio follows. Accounts read from the network are `fresh`.
 */
export function recordAccounts(
  coin: ChainSymbol,
  accounts: readonly WalletAccount[],
  chain: FamilyChain,
): void {
  if (!discoveryStore.get().coins[coin]) return;
  setCoin(coin, {
    state: 'fresh',
    accounts: [...accounts],
    unit: { symbol: chain.unit.symbol, decimals: chain.unit.decimals },
    progress: null,
    error: null,
    unserved: null,
    refreshedAt: Date.now(),
  });
}

/** The family's chain of a coin and its recovery, then the accounts written back to the device. */
async function refreshWithFamily(
  coin: ChainSymbol,
  onProgress: (p: DiscoveryProgress) => void,
): Promise<RefreshedCoin> {
  const family = await loadFamily(coin);
  const chain: FamilyChain = await family.loadChain(coin);
  const accounts: WalletAccount[] = await family.recover(chain, coin, { onProgress });
  // Written back to the device once every coin is read (the device answers one request at a time, and the other
  // coins' reads come first), or as soon as the user opens the coin (syncOpenedCoin).
  pendingSyncs.set(coin, () => family.syncToDevice(chain, accounts));
  return { accounts, family, chain };
}

/** The accounts to write back to the device after discovery, per coin. */
const pendingSyncs = new Map<ChainSymbol, () => Promise<void>>();

const syncFailed = (e: unknown) => console.warn('account sync to the device failed', e);

async function flushSyncs(): Promise<void> {
  for (const [coin, sync] of pendingSyncs) {
    pendingSyncs.delete(coin);
    await sync().catch(syncFailed);
  }
}

/**
 * The user opened a coin that discovery read: its accounts go to the device's table now, not after every other
 * coin, since the coin's screens (FIO's Domain page, the EVM chains area) read that table.
 */
export function syncOpenedCoin(coin: ChainSymbol): void {
  const sync = pendingSyncs.get(coin);
  if (!sync) return;
  pendingSyncs.delete(coin);
  void sync().catch(syncFailed);
}

/**
 * Starts discovery for the connected device (once per device: a second call returns the same run). `coins`: the
 * coins of the menu the device can open, without those the user hid.
 */
export function startDiscovery(coins: readonly ChainSymbol[]): Promise<void> {
  const { device } = runtime.get();
  if (!device) return Promise.resolve();
  if (running?.device === device) return running.done;
  const done = runDiscovery({
    coins,
    readTable: () => device.readTable(),
    unserved: fetchUnservedCoins,
    refreshCoin: refreshWithFamily,
  })
    .catch((e: unknown) => console.warn('discovery failed', e))
    .then(flushSyncs);
  running = { device, done };
  return done;
}

/** Forgets discovery (a reset, tests). */
export function resetDiscovery(): void {
  ++generation;
  pendingSyncs.clear();
  running = null;
  refreshed.clear();
  inFlight.clear();
  urgent.length = 0;
  discoveryStore.set({ ...initial });
}

onWalletReset(resetDiscovery);
