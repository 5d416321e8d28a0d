/**
 * XrpBackend over OUR product API (/api/chains/XRP/…; apps/server/src/chains/families/xrp). Raw answer shapes stay in
 * this file; logic/ sees domain types only. Histories are parsed with chain-common's wire parser.
 */
import {
  answerReaders,
  ChainApiError,
  createProductApiClient,
  historyRoute,
  type ProductApiOptions,
} from '@secux-companion/chain-common';
import type { XrpAccountInfo, XrpBackend, XrpLedgerInfo, XrpSimulation } from '../logic/adapter';
import { isValidXrpAddress } from '../logic/address';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class XrpNetworkError extends ChainApiError {
  override readonly name = 'XrpNetworkError';
}

const { malformed, obj, uint, bool, amount } = answerReaders(XrpNetworkError);

const enc = encodeURIComponent;
export const ROUTES = {
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  ledger: (chain: string) => `/chains/${enc(chain)}/ledger`,
  simulate: (chain: string) => `/chains/${enc(chain)}/simulate`,
  fees: (chain: string) => `/chains/${enc(chain)}/fees`,
  history: historyRoute,
  broadcast: (chain: string) => `/chains/${enc(chain)}/broadcast`,
} as const;

export function parseXrpAccount(v: unknown): XrpAccountInfo {
  const o = obj(v, 'account');
  return {
    balance: amount(o.balance, 'balance'),
    txCount: uint(o.txCount, 'txCount'),
    sequence: o.sequence === null || o.sequence === undefined ? null : uint(o.sequence, 'sequence'),
    ownerCount: uint(o.ownerCount, 'ownerCount'),
    activated: bool(o.activated, 'activated'),
    requireDestinationTag: bool(o.requireDestinationTag, 'requireDestinationTag'),
  };
}

export function parseXrpLedger(v: unknown): XrpLedgerInfo {
  const o = obj(v, 'ledger');
  return {
    ledgerIndex: uint(o.ledgerIndex, 'ledgerIndex'),
    reserve: {
      base: amount(o.reserveBase, 'reserveBase'),
      increment: amount(o.reserveIncrement, 'reserveIncrement'),
    },
  };
}

/** The most XRP that exists, in drops (100 billion XRP); the most accounts a simulated payment changes. */
const XRP_MAX_DROPS = 100_000_000_000n * 1_000_000n;
const SIM_CHANGES_MAX = 32;

/** The server's simulate answer: balances within the XRP that exists, at most 32 accounts. */
export function parseXrpSimulation(v: unknown): XrpSimulation {
  const o = obj(v, 'simulation');
  if (o.available === false) return { available: false };
  if (o.available !== true) throw malformed('available');
  const drops = (x: unknown, what: string) => {
    const n = amount(x, what);
    if (n > XRP_MAX_DROPS) throw malformed(what);
    return n;
  };
  if (typeof o.engineResult !== 'string' || !/^[a-z]{3}[A-Z_]{2,40}$/.test(o.engineResult))
    throw malformed('engineResult');
  if (!Array.isArray(o.changes) || o.changes.length > SIM_CHANGES_MAX) throw malformed('changes');
  return {
    available: true,
    engineResult: o.engineResult,
    message: typeof o.message === 'string' ? o.message.slice(0, 300) : '',
    fee: drops(o.fee, 'fee'),
    changes: o.changes.map((c, i) => {
      const e = obj(c, `changes[${i}]`);
      if (typeof e.account !== 'string' || !isValidXrpAddress(e.account))
        throw malformed(`changes[${i}].account`);
      return {
        account: e.account,
        before: e.before === null ? null : drops(e.before, `changes[${i}].before`),
        after: e.after === null ? null : drops(e.after, `changes[${i}].after`),
      };
    }),
  };
}

export type XrpProductApiOptions = ProductApiOptions;

export function createXrpProductApiBackend(options: XrpProductApiOptions = {}): XrpBackend {
  const api = createProductApiClient(options, {
    chain: 'XRP',
    timeoutMs: DEFAULT_TIMEOUT_MS,
    error: XrpNetworkError,
  });
  const { chain, get } = api;

  return {
    async account(address, signal) {
      return parseXrpAccount(await get(ROUTES.account(chain, address), signal));
    },
    async ledger(signal) {
      return parseXrpLedger(await get(ROUTES.ledger(chain), signal));
    },
    async fees(signal) {
      const o = obj(await get(ROUTES.fees(chain), signal), 'fees');
      if (o.unit !== 'drops') throw malformed('unit');
      const t = obj(o.tiers, 'tiers');
      const tier = (k: string) => Number(amount(typeof t[k] === 'number' ? String(t[k]) : t[k], k));
      return { high: tier('high'), medium: tier('medium'), low: tier('low') };
    },
    async simulate(tx) {
      return parseXrpSimulation(await api.post(ROUTES.simulate(chain), { tx_json: tx }));
    },
    history: api.history,
    async broadcast(rawTx) {
      const o = obj(await api.broadcast(ROUTES.broadcast(chain), { rawTx }), 'broadcast');
      if (typeof o.hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(o.hash)) throw malformed('hash');
      return o.hash.toUpperCase();
    },
  };
}
