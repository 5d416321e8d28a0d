/**
 * FioBackend over OUR product API (/api/chains/{FIO|TFIO}/…; apps/server/src/chains/families/fio). Raw answer shapes
 * stay here; logic/ sees domain types only.
 */
import {
  answerReaders,
  ChainApiError,
  createProductApiClient,
  type ProductApiOptions,
} from '@secux-companion/chain-common';
import type {
  FioBackend,
  FioBalance,
  FioDomainEntry,
  FioHandleEntry,
  FioPublicAddress,
  FioRequestRecord,
  FioStakingInfo,
} from '../logic/backend';
import { FIO_LIST_LIMIT, FIO_REQUEST_STATUSES, FIO_TIMEOUT_MS, type FioRequestStatus } from '../logic/rules';
import type { FioChainRef, FioPushBody, FioRawAbi } from '../logic/tx';

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class FioNetworkError extends ChainApiError {
  override readonly name = 'FioNetworkError';
}

const { malformed, obj, uint, bool, amount } = answerReaders(FioNetworkError);
/** Text of at most `max` characters (names, keys, dates, ids: 200 is well above any FIO field but the ABI). */
function str(v: unknown, what: string, max = 200): string {
  if (typeof v !== 'string' || v.length > max) throw malformed(what);
  return v;
}
/** A contract ABI (base64 of the packed ABI): a few kilobytes; 200,000 characters bound it. */
const ABI_MAX_CHARS = 200_000;
/** At most 1,000 entries (an account's domains, handles or mapped addresses). */
function list(v: unknown, what: string, max = 1000): unknown[] {
  if (!Array.isArray(v) || v.length > max) throw malformed(what);
  return v;
}

/** An encrypted request content: at most 1,000 base64 characters (the product API's bound). */
const CONTENT_MAX_CHARS = 1000;
/** An ISO time stamp as the server writes it. */
function iso(v: unknown, what: string): string {
  const s = str(v, what, 40);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s) || Number.isNaN(Date.parse(s))) throw malformed(what);
  return s;
}

/** The unstake lock of /fio/staking (amounts in SUF). */
function lockOf(v: unknown): NonNullable<FioStakingInfo['lock']> {
  const l = obj(v, 'lock');
  return {
    amount: amount(l.amount, 'lock.amount'),
    remaining: amount(l.remaining, 'lock.remaining'),
    unlockAt: iso(l.unlockAt, 'lock.unlockAt'),
  };
}

const enc = encodeURIComponent;

export interface FioProductApiOptions extends ProductApiOptions {
  chain?: 'FIO' | 'TFIO';
}

export function createFioProductApiBackend(options: FioProductApiOptions = {}): FioBackend {
  const api = createProductApiClient(options, {
    chain: 'FIO',
    timeoutMs: FIO_TIMEOUT_MS + 5_000,
    error: FioNetworkError,
  });
  const base = `/chains/${enc(api.chain)}`;
  const get = (path: string, signal?: AbortSignal) => api.get(base + path, signal);

  return {
    async balance(publicKey, signal): Promise<FioBalance> {
      const o = obj(await get(`/account/${enc(publicKey)}`, signal), 'account');
      return {
        balance: amount(o.balance, 'balance'),
        available: amount(o.available, 'available'),
        staked: amount(o.staked, 'staked'),
        locked: amount(o.locked, 'locked'),
        srps: str(o.srps, 'srps'),
        roe: str(o.roe, 'roe'),
        actor: str(o.actor, 'actor'),
        txCount: uint(o.txCount, 'txCount'),
      };
    },
    history(publicKey, cursor) {
      return api.history(publicKey, cursor);
    },
    async chainRef(signal): Promise<FioChainRef> {
      const o = obj(await get('/fio/chain', signal), 'chain');
      const b = obj(o.block, 'block');
      return {
        chainId: str(o.chainId, 'chainId'),
        block: {
          block_num: uint(b.block_num, 'block_num'),
          id: str(b.id, 'id'),
          timestamp: str(b.timestamp, 'timestamp'),
        },
      };
    },
    async abi(account, signal): Promise<FioRawAbi> {
      const o = obj(await get(`/fio/abi/${enc(account)}`, signal), 'abi');
      return { account_name: str(o.account_name, 'account_name'), abi: str(o.abi, 'abi', ABI_MAX_CHARS) };
    },
    async fee(endPoint, fioAddress, signal) {
      const o = obj(await get(`/fio/fee/${enc(endPoint)}?fioAddress=${enc(fioAddress)}`, signal), 'fee');
      return amount(o.fee, 'fee');
    },
    async names(publicKey, signal) {
      const o = obj(await get(`/fio/names/${enc(publicKey)}`, signal), 'names');
      const domains: FioDomainEntry[] = list(o.domains, 'domains').map((d) => {
        const x = obj(d, 'domain');
        return {
          domain: str(x.domain, 'domain'),
          expiration: str(x.expiration, 'expiration'),
          isPublic: x.isPublic === true,
        };
      });
      const handles: FioHandleEntry[] = list(o.handles, 'handles').map((h) => {
        const x = obj(h, 'handle');
        return {
          handle: str(x.handle, 'handle'),
          expiration: str(x.expiration, 'expiration'),
          bundled: uint(x.bundled, 'bundled'),
        };
      });
      return { domains, handles };
    },
    async isRegistered(name, signal) {
      const o = obj(await get(`/fio/avail/${enc(name)}`, signal), 'avail');
      return bool(o.registered, 'registered');
    },
    async publicAddresses(handle, signal): Promise<FioPublicAddress[]> {
      const o = obj(await get(`/fio/pub-addresses/${enc(handle)}`, signal), 'pub-addresses');
      return list(o.addresses, 'addresses').map((a) => {
        const x = obj(a, 'address');
        return {
          chainCode: str(x.chainCode, 'chainCode'),
          tokenCode: str(x.tokenCode, 'tokenCode'),
          publicAddress: str(x.publicAddress, 'publicAddress'),
        };
      });
    },
    async publicAddress(handle, chainCode, tokenCode, signal) {
      const o = obj(
        await get(`/fio/pub-address/${enc(handle)}?chain=${enc(chainCode)}&token=${enc(tokenCode)}`, signal),
        'pub-address',
      );
      return o.address === null ? null : str(o.address, 'address');
    },
    async requests(publicKey, type, signal): Promise<FioRequestRecord[]> {
      const o = obj(await get(`/fio/requests/${enc(publicKey)}/${type}`, signal), 'requests');
      return list(o.requests, 'requests', FIO_LIST_LIMIT).map((r) => {
        const x = obj(r, 'request');
        if (!FIO_REQUEST_STATUSES.includes(x.status as FioRequestStatus)) throw malformed('status');
        return {
          id: uint(x.id, 'id'),
          payerHandle: str(x.payerHandle, 'payerHandle'),
          payeeHandle: str(x.payeeHandle, 'payeeHandle'),
          payerKey: str(x.payerKey, 'payerKey'),
          payeeKey: str(x.payeeKey, 'payeeKey'),
          content: str(x.content, 'content', CONTENT_MAX_CHARS),
          timeStamp: iso(x.timeStamp, 'timeStamp'),
          status: x.status as FioRequestStatus,
        };
      });
    },
    async staking(publicKey, signal): Promise<FioStakingInfo> {
      const o = obj(await get(`/fio/staking/${enc(publicKey)}`, signal), 'staking');
      if (o.apr7d !== null && (typeof o.apr7d !== 'number' || !Number.isFinite(o.apr7d)))
        throw malformed('apr7d');
      return {
        apr7d: o.apr7d,
        voted: bool(o.voted, 'voted'),
        proxy: o.proxy === null || o.proxy === undefined ? null : str(o.proxy, 'proxy'),
        defaultProxy: str(o.defaultProxy, 'defaultProxy'),
        lock: o.lock === null ? null : lockOf(o.lock),
      };
    },
    async push(body: FioPushBody) {
      const o = obj(await api.broadcast(`${base}/broadcast`, { rawTx: JSON.stringify(body) }), 'broadcast');
      if (typeof o.hash !== 'string' || !/^[0-9a-f]{64}$/i.test(o.hash)) throw malformed('hash');
      return o.hash.toLowerCase();
    },
  };
}
