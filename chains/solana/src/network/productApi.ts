/**
 * SolanaBackend over OUR product API (/api/chains/SOL/…; apps/server/src/chains/families/solana). Raw answer shapes
 * stay in this file; logic/ sees domain types only. Every value is checked before use.
 */
import {
  answerReaders,
  ChainApiError,
  createProductApiClient,
  historyRoute,
  type ProductApiOptions,
} from '@secux-companion/chain-common';
import type {
  SolanaAccountInfo,
  SolanaAddressInfo,
  SolanaBackend,
  SolanaBlockhash,
  SolanaAccountSnapshot,
  SolanaMintInfo,
  SolanaSimulatedChanges,
  SolanaTokenAccount,
} from '../logic/adapter';
import { isValidSolanaAddress } from '../logic/address';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class SolanaNetworkError extends ChainApiError {
  override readonly name = 'SolanaNetworkError';
}

const { malformed, obj, uint, bool, amount } = answerReaders(SolanaNetworkError);

function u64(v: unknown, what: string): bigint {
  const n = amount(v, what);
  if (n >= 2n ** 64n) throw malformed(what);
  return n;
}
function addr(v: unknown, what: string): string {
  if (typeof v !== 'string' || !isValidSolanaAddress(v)) throw malformed(what);
  return v;
}
function text(v: unknown, what: string): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string' || v.length > 64) throw malformed(what);
  return v;
}
function program(v: unknown, what: string): 'spl-token' | 'spl-token-2022' {
  if (v !== 'spl-token' && v !== 'spl-token-2022') throw malformed(what);
  return v;
}

export function parseSolanaToken(v: unknown): SolanaTokenAccount {
  const o = obj(v, 'token');
  return {
    tokenAccount: addr(o.tokenAccount, 'tokenAccount'),
    mint: addr(o.mint, 'mint'),
    program: program(o.program, 'program'),
    amount: u64(o.amount, 'amount'),
    decimals: uint(o.decimals, 'decimals', 255),
    frozen: bool(o.frozen, 'frozen'),
    nonTransferable: o.nonTransferable === undefined ? false : bool(o.nonTransferable, 'nonTransferable'),
    symbol: text(o.symbol, 'symbol'),
    name: text(o.name, 'name'),
    unverified: o.unverified === undefined ? false : bool(o.unverified, 'unverified'),
  };
}

export function parseSolanaAccount(v: unknown): SolanaAccountInfo {
  const o = obj(v, 'account');
  if (!Array.isArray(o.tokenAccounts)) throw malformed('tokenAccounts');
  return {
    balance: u64(o.balance, 'balance'),
    txCount: uint(o.txCount, 'txCount'),
    tokens: o.tokenAccounts.map(parseSolanaToken),
  };
}

export function parseSolanaMint(v: unknown): SolanaMintInfo {
  const o = obj(v, 'mint');
  if (!Array.isArray(o.extensions) || !o.extensions.every((e) => typeof e === 'string' && e.length < 64))
    throw malformed('extensions');
  const fee = o.transferFee === null ? null : obj(o.transferFee, 'transferFee');
  return {
    mint: addr(o.mint, 'mint'),
    program: program(o.program, 'program'),
    decimals: uint(o.decimals, 'decimals', 255),
    extensions: o.extensions as string[],
    transferFee: fee
      ? {
          basisPoints: uint(fee.basisPoints, 'basisPoints', 10_000),
          maximumFee: u64(fee.maximumFee, 'maximumFee'),
        }
      : null,
    nonTransferable: bool(o.nonTransferable, 'nonTransferable'),
    symbol: text(o.symbol, 'symbol'),
    name: text(o.name, 'name'),
    unverified: o.unverified === undefined ? false : bool(o.unverified, 'unverified'),
  };
}

export function parseSolanaAddress(v: unknown): SolanaAddressInfo {
  const o = obj(v, 'address');
  return {
    exists: bool(o.exists, 'exists'),
    owner: o.owner === null ? null : addr(o.owner, 'owner'),
    lamports: u64(o.lamports, 'lamports'),
    space: uint(o.space, 'space', 10 * 1024 * 1024),
    mint: o.mint === null ? null : addr(o.mint, 'mint'),
    memoRequired: bool(o.memoRequired, 'memoRequired'),
  };
}

export function parseSolanaBlockhash(v: unknown): SolanaBlockhash {
  const o = obj(v, 'blockhash');
  return {
    blockhash: addr(o.blockhash, 'blockhash'),
    lastValidBlockHeight: uint(o.lastValidBlockHeight, 'lastValidBlockHeight'),
    blockHeight: uint(o.blockHeight, 'blockHeight'),
  };
}

/** The most lamports any amount can be (2 billion SOL; the server's bound). */
const SOL_MAX_LAMPORTS = 2_000_000_000n * 1_000_000_000n;
/** The most accounts a transaction names (the server's SIMULATION_KEYS_MAX). */
const SIMULATION_KEYS_MAX = 64;

function lamportsOf(v: unknown, what: string): bigint {
  const n = amount(v, what);
  if (n > SOL_MAX_LAMPORTS) throw malformed(what);
  return n;
}

function snapshotOf(v: unknown, what: string): SolanaAccountSnapshot | null {
  if (v === null) return null;
  const o = obj(v, what);
  const t = o.token === undefined ? null : obj(o.token, `${what}.token`);
  const decimals = t ? uint(t.decimals, `${what}.token.decimals`) : 0;
  if (decimals > 255) throw malformed(`${what}.token.decimals`);
  return {
    lamports: lamportsOf(o.lamports, `${what}.lamports`),
    program: addr(o.program, `${what}.program`),
    token: t
      ? {
          mint: addr(t.mint, `${what}.token.mint`),
          owner: addr(t.owner, `${what}.token.owner`),
          amount: u64(t.amount, `${what}.token.amount`),
          decimals,
        }
      : null,
  };
}

/** The server's simulate-changes answer: at most 64 accounts, lamports within the supply, token amounts u64. */
export function parseSolanaSimulatedChanges(v: unknown): SolanaSimulatedChanges {
  const o = obj(v, 'simulation');
  if (!Array.isArray(o.accounts) || o.accounts.length === 0 || o.accounts.length > SIMULATION_KEYS_MAX)
    throw malformed('accounts');
  return {
    err: o.err === null ? null : typeof o.err === 'string' ? o.err.slice(0, 300) : 'error',
    fee: o.fee === null ? null : lamportsOf(o.fee, 'fee'),
    accounts: o.accounts.map((a, i) => {
      const e = obj(a, `accounts[${i}]`);
      return {
        address: addr(e.address, `accounts[${i}].address`),
        before: snapshotOf(e.before, `accounts[${i}].before`),
        after: snapshotOf(e.after, `accounts[${i}].after`),
      };
    }),
  };
}

const enc = encodeURIComponent;
export const ROUTES = {
  account: (c: string, a: string) => `/chains/${enc(c)}/account/${enc(a)}`,
  address: (c: string, a: string) => `/chains/${enc(c)}/address/${enc(a)}`,
  mint: (c: string, m: string) => `/chains/${enc(c)}/mint/${enc(m)}`,
  rent: (c: string, size: number) => `/chains/${enc(c)}/rent/${size}`,
  priorityFees: (c: string) => `/chains/${enc(c)}/priority-fees`,
  fees: (c: string) => `/chains/${enc(c)}/fees`,
  simulate: (c: string) => `/chains/${enc(c)}/simulate`,
  simulateChanges: (c: string) => `/chains/${enc(c)}/simulate-changes`,
  blockhash: (c: string) => `/chains/${enc(c)}/blockhash`,
  blockhashStatus: (c: string, h: string) => `/chains/${enc(c)}/blockhash/${enc(h)}`,
  history: historyRoute,
  broadcast: (c: string) => `/chains/${enc(c)}/broadcast`,
} as const;

export type SolanaProductApiOptions = ProductApiOptions;

export function createSolanaProductApiBackend(options: SolanaProductApiOptions = {}): SolanaBackend {
  const api = createProductApiClient(options, {
    chain: 'SOL',
    timeoutMs: DEFAULT_TIMEOUT_MS,
    error: SolanaNetworkError,
  });
  const { chain, get, list, post } = api;

  return {
    // The account's token accounts and signatures are history-class calls on the server (its history budget).
    async account(address, signal) {
      return parseSolanaAccount(await list(ROUTES.account(chain, address), signal));
    },
    async addressInfo(address) {
      return parseSolanaAddress(await get(ROUTES.address(chain, address)));
    },
    async mint(mint) {
      try {
        return parseSolanaMint(await get(ROUTES.mint(chain, mint)));
      } catch (e) {
        if (e instanceof SolanaNetworkError && e.status === 404) return null;
        throw e;
      }
    },
    async rent(size) {
      return u64(obj(await get(ROUTES.rent(chain, size)), 'rent').lamports, 'lamports');
    },
    async priorityFees(accounts) {
      const o = obj(await post(ROUTES.priorityFees(chain), { accounts }), 'priority fees');
      if (!Array.isArray(o.fees)) throw malformed('fees');
      return o.fees.map((f) => uint(f, 'fee'));
    },
    async fees(signal) {
      const o = obj(await get(ROUTES.fees(chain), signal), 'fees');
      if (o.unit !== 'micro-lamports/CU') throw malformed('unit');
      const t = obj(o.tiers, 'tiers');
      const tier = (k: string) => Number(u64(typeof t[k] === 'number' ? String(t[k]) : t[k], k));
      return { high: tier('high'), medium: tier('medium'), low: tier('low') };
    },
    async simulate(tx) {
      const o = obj(await post(ROUTES.simulate(chain), { tx }), 'simulation');
      return {
        unitsConsumed: o.unitsConsumed === null ? null : uint(o.unitsConsumed, 'unitsConsumed'),
        err: o.err === null ? null : typeof o.err === 'string' ? o.err.slice(0, 300) : 'error',
      };
    },
    async simulateChanges(tx) {
      return parseSolanaSimulatedChanges(await post(ROUTES.simulateChanges(chain), { tx }));
    },
    async blockhash() {
      return parseSolanaBlockhash(await get(ROUTES.blockhash(chain)));
    },
    async blockhashValid(blockhash) {
      const o = obj(await get(ROUTES.blockhashStatus(chain, blockhash)), 'blockhash status');
      return { valid: bool(o.valid, 'valid'), blockHeight: uint(o.blockHeight, 'blockHeight') };
    },
    history: api.history,
    async broadcast(rawTx) {
      const o = obj(await api.broadcast(ROUTES.broadcast(chain), { rawTx }), 'broadcast');
      if (typeof o.hash !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(o.hash))
        throw malformed('hash');
      return o.hash;
    },
  };
}
