/**
 * StellarBackend over OUR product API (/api/chains/XLM/…; apps/server/src/chains/families/stellar). Raw answer shapes
 * stay in this file; logic/ sees domain types only. Histories are parsed with chain-common's wire parser.
 */
import {
  answerReaders,
  ChainApiError,
  createProductApiClient,
  historyRoute,
  type ProductApiOptions,
} from '@secux-companion/chain-common';
import type {
  StellarAccountInfo,
  StellarAssetBalance,
  StellarBackend,
  StellarNetworkInfo,
} from '../logic/adapter';

/** Spec 02 §9: Stellar calls have 100 s. */
export const DEFAULT_TIMEOUT_MS = 100_000;

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class StellarNetworkError extends ChainApiError {
  override readonly name = 'StellarNetworkError';
}

const { malformed, obj, uint, bool, amount } = answerReaders(StellarNetworkError);

const stroops = (v: unknown, what: string) => amount(v, what, 19);
function text(v: unknown, what: string, max = 100): string {
  if (typeof v !== 'string' || v.length > max) throw malformed(what);
  return v;
}

const enc = encodeURIComponent;
export const ROUTES = {
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  network: (chain: string) => `/chains/${enc(chain)}/network`,
  history: historyRoute,
  broadcast: (chain: string) => `/chains/${enc(chain)}/broadcast`,
} as const;

const KINDS = new Set(['credit_alphanum4', 'credit_alphanum12', 'liquidity_pool_shares']);

export function parseStellarAccount(v: unknown): StellarAccountInfo {
  const o = obj(v, 'account');
  const assets = Array.isArray(o.assets) ? o.assets : [];
  if (assets.length > 1000) throw malformed('assets');
  return {
    activated: bool(o.activated, 'activated'),
    balance: stroops(o.balance, 'balance'),
    sequence: o.sequence === null || o.sequence === undefined ? null : stroops(o.sequence, 'sequence'),
    subentries: uint(o.subentries, 'subentries'),
    sponsoring: uint(o.sponsoring, 'sponsoring'),
    sponsored: uint(o.sponsored, 'sponsored'),
    sellingLiabilities: stroops(o.sellingLiabilities, 'sellingLiabilities'),
    memoRequired: bool(o.memoRequired, 'memoRequired'),
    assets: assets.map((a, i): StellarAssetBalance => {
      const x = obj(a, `assets[${i}]`);
      const kind = text(x.kind, `assets[${i}].kind`);
      if (!KINDS.has(kind)) throw malformed(`assets[${i}].kind`);
      return {
        kind: kind as StellarAssetBalance['kind'],
        code: text(x.code, `assets[${i}].code`, 64),
        issuer: text(x.issuer, `assets[${i}].issuer`, 56),
        balance: stroops(x.balance, `assets[${i}].balance`),
      };
    }),
  };
}

export function parseStellarNetwork(v: unknown): StellarNetworkInfo {
  const o = obj(v, 'network');
  return {
    networkPassphrase: text(o.networkPassphrase, 'networkPassphrase', 200),
    ledger: uint(o.ledger, 'ledger'),
    baseFee: stroops(o.baseFee, 'baseFee'),
    baseReserve: stroops(o.baseReserve, 'baseReserve'),
  };
}

export type StellarProductApiOptions = ProductApiOptions;

export function createStellarProductApiBackend(options: StellarProductApiOptions = {}): StellarBackend {
  const api = createProductApiClient(options, {
    chain: 'XLM',
    timeoutMs: DEFAULT_TIMEOUT_MS,
    error: StellarNetworkError,
  });
  const { chain, get } = api;

  return {
    async account(address, signal) {
      return parseStellarAccount(await get(ROUTES.account(chain, address), signal));
    },
    async network(signal) {
      return parseStellarNetwork(await get(ROUTES.network(chain), signal));
    },
    history: api.history,
    async broadcast(envelope) {
      const o = obj(await api.broadcast(ROUTES.broadcast(chain), { rawTx: envelope }), 'broadcast');
      if (typeof o.hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(o.hash)) throw malformed('hash');
      return o.hash.toLowerCase();
    },
  };
}
