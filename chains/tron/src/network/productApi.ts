/**
 * TronBackend over OUR product API (/api/chains/TRX/…; apps/server/src/chains/families/tron). Raw answer shapes stay
 * in this file; logic/ sees domain types only. Histories are parsed with chain-common's wire parser.
 */
import {
  answerReaders,
  ChainApiError,
  createProductApiClient,
  historyRoute,
  type ProductApiOptions,
} from '@secux-companion/chain-common';
import type { TronAccountInfo, TronBackend, TronToken } from '../logic/adapter';
import type { TronChainParams } from '../logic/costs';
import { TronError } from '../logic/errors';
import type { TronBlockRef } from '../logic/tx';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class TronNetworkError extends ChainApiError {
  override readonly name = 'TronNetworkError';
}

const { malformed, obj, uint, amount } = answerReaders(TronNetworkError);

const units = (v: unknown, what: string) => amount(v, what, 78);
function str(v: unknown, what: string, max = 200): string {
  if (typeof v !== 'string' || v.length > max) throw malformed(what);
  return v;
}

const enc = encodeURIComponent;
export const ROUTES = {
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  params: (chain: string) => `/chains/${enc(chain)}/params`,
  block: (chain: string) => `/chains/${enc(chain)}/block`,
  estimate: (chain: string) => `/chains/${enc(chain)}/estimate`,
  token: (chain: string, contract: string, owner?: string) =>
    `/chains/${enc(chain)}/token/${enc(contract)}${owner ? `?owner=${enc(owner)}` : ''}`,
  history: historyRoute,
  broadcast: (chain: string) => `/chains/${enc(chain)}/broadcast`,
} as const;

export function parseTronToken(v: unknown): TronToken {
  const o = obj(v, 'token');
  const type = o.type === 'trc10' || o.type === 'trc20' ? o.type : undefined;
  if (!type) throw malformed('token type');
  return {
    type,
    contract: str(o.contract, 'contract', 64),
    name: str(o.name, 'name'),
    symbol: str(o.symbol, 'symbol', 64),
    decimals: uint(o.decimals, 'decimals', 77),
    balance: units(o.balance, 'token balance'),
  };
}

export function parseTronAccount(v: unknown): TronAccountInfo {
  const o = obj(v, 'account');
  const r = obj(o.resources, 'resources');
  if (typeof o.activated !== 'boolean') throw malformed('activated');
  if (!Array.isArray(o.tokens)) throw malformed('tokens');
  return {
    balance: units(o.balance, 'balance'),
    activated: o.activated,
    txCount: uint(o.txCount, 'txCount'),
    resources: {
      freeNetLimit: units(r.freeNetLimit, 'freeNetLimit'),
      freeNetUsed: units(r.freeNetUsed, 'freeNetUsed'),
      netLimit: units(r.netLimit, 'netLimit'),
      netUsed: units(r.netUsed, 'netUsed'),
      energyLimit: units(r.energyLimit, 'energyLimit'),
      energyUsed: units(r.energyUsed, 'energyUsed'),
    },
    tokens: o.tokens.map(parseTronToken),
  };
}

export function parseTronParams(v: unknown): TronChainParams {
  const o = obj(v, 'params');
  return {
    bandwidthPrice: units(o.bandwidthPrice, 'bandwidthPrice'),
    energyPrice: units(o.energyPrice, 'energyPrice'),
    createAccountFee: units(o.createAccountFee, 'createAccountFee'),
    createNewAccountFeeInSystemContract: units(
      o.createNewAccountFeeInSystemContract,
      'createNewAccountFeeInSystemContract',
    ),
  };
}

export function parseTronBlock(v: unknown): TronBlockRef {
  const o = obj(v, 'block');
  const blockID = str(o.blockID, 'blockID', 64);
  if (!/^[0-9a-f]{64}$/.test(blockID)) throw malformed('blockID');
  return {
    blockID,
    blockNumber: uint(o.blockNumber, 'blockNumber'),
    timestamp: uint(o.timestamp, 'timestamp'),
  };
}

export type TronProductApiOptions = ProductApiOptions;

export function createTronProductApiBackend(options: TronProductApiOptions = {}): TronBackend {
  const api = createProductApiClient(options, {
    chain: 'TRX',
    timeoutMs: DEFAULT_TIMEOUT_MS,
    error: TronNetworkError,
  });
  const { chain, get, list, post } = api;

  return {
    // The account's TRC-20 balances from the index are history-class calls on the server (its history budget).
    async account(address, signal) {
      return parseTronAccount(await list(ROUTES.account(chain, address), signal));
    },
    async params(signal) {
      return parseTronParams(await get(ROUTES.params(chain), signal));
    },
    async block(signal) {
      return parseTronBlock(await get(ROUTES.block(chain), signal));
    },
    async estimateEnergy(owner, contract, data) {
      const o = obj(await post(ROUTES.estimate(chain), { owner, contract, data }), 'estimate');
      if (o.ok === false)
        throw new TronError(
          'tronEstimateFailed',
          `The token contract refused the transfer when it was tried: ${typeof o.message === 'string' ? o.message.slice(0, 200) : 'reverted'}`,
        );
      return units(o.energy, 'energy');
    },
    async token(contract, owner) {
      return parseTronToken(await get(ROUTES.token(chain, contract, owner)));
    },
    history: api.history,
    async broadcast(signedHex) {
      const o = obj(await api.broadcast(ROUTES.broadcast(chain), { rawTx: signedHex }), 'broadcast');
      if (typeof o.hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(o.hash)) throw malformed('hash');
      return o.hash.toLowerCase();
    },
  };
}
