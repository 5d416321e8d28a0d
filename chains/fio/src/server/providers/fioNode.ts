/**
 * A FIO API node (reference/apis/fio.md): every getter is POST JSON under /v1/chain, history under /v1/history. A 404
 * with a message is an empty result where the spec says so (balance, locks, names, public addresses); a 400 is the
 * caller's fault (answered as it is, no other node asked); a push is accepted with 202 (or 200), and its 400 / 401 /
 * 403 / 409 / 500 with a chain error is the chain's refusal and comes back with FIO's own message.
 */
import { z } from 'zod';
import {
  ProviderError,
  httpRequest,
  validate,
  withBreaker,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import { parseLosslessJson } from '@secux-companion/server-kit/losslessJson';
import type { FioProvider } from '../backend.js';

const Int = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const Suf = z.union([Int, z.string().regex(/^\d{1,20}$/)]).transform((v) => BigInt(v));
const Balance = z.object({
  balance: Suf,
  available: Suf,
  staked: Suf,
  srps: Suf,
  roe: z.union([z.string(), z.number()]),
});
const Locks = z.object({
  lock_amount: Suf,
  remaining_lock_amount: Suf.optional(),
  time_stamp: Int.optional(),
  unlock_periods: z
    .array(z.object({ duration: Int, amount: Suf }))
    .max(400)
    .optional(),
});
/** A request list entry; content and strings bounded here, their meaning checked by the facade (bounds.ts). */
const Requests = z.object({
  requests: z
    .array(
      z.object({
        fio_request_id: Int,
        payer_fio_address: z.string().max(64),
        payee_fio_address: z.string().max(64),
        payer_fio_public_key: z.string().max(64),
        payee_fio_public_key: z.string().max(64),
        content: z.string().max(4000),
        time_stamp: z.string().max(40),
        status: z.string().max(40),
      }),
    )
    .max(100),
});
const AccountName = z.string().regex(/^[a-z1-5.]{0,13}$/);
const Voters = z.object({
  rows: z
    .array(
      z.object({
        owner: AccountName,
        proxy: AccountName,
        producers: z.array(AccountName).max(100),
        is_proxy: z.union([z.number(), z.boolean()]),
        is_auto_proxy: z.union([z.number(), z.boolean()]),
        fioaddress: z.string().max(64),
      }),
    )
    .max(10),
});
const Fee = z.object({ fee: Suf });
const Info = z.object({
  chain_id: z.string().regex(/^[0-9a-f]{64}$/),
  head_block_num: Int,
  last_irreversible_block_num: Int,
});
const Block = z.object({
  block_num: Int,
  id: z.string().regex(/^[0-9a-f]{64}$/),
  timestamp: z.string().min(10).max(40),
});
const RawAbi = z.object({ account_name: z.string(), abi: z.string().max(200_000) });
const Domains = z.object({
  fio_domains: z
    .array(z.object({ fio_domain: z.string().max(64), expiration: z.string().max(40), is_public: Int }))
    .max(1000),
});
const Addresses = z.object({
  fio_addresses: z
    .array(
      z.object({
        fio_address: z.string().max(64),
        expiration: z.string().max(40),
        remaining_bundled_tx: Int,
      }),
    )
    .max(1000),
});
const Avail = z.object({ is_registered: z.union([z.literal(0), z.literal(1)]) });
const PubAddress = z.object({
  chain_code: z.string().max(10),
  token_code: z.string().max(10),
  public_address: z.string().max(128),
});
const PubAddresses = z.object({ public_addresses: z.array(PubAddress).max(200) });
const PubOne = z.object({ public_address: z.string().max(128) });
const Actions = z.object({
  actions: z.array(z.unknown()).max(1000),
  time_limit_exceeded_error: z.boolean().optional(),
});
const Pushed = z.object({ transaction_id: z.string().regex(/^[0-9a-f]{64}$/) });
const HistoryTx = z.object({
  id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  block_num: z
    .number()
    .int()
    .positive()
    .max(2 ** 32),
});

export interface FioNodeOptions {
  name: string;
  /** Node base URL (its /v1/chain and /v1/history are used). */
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
}

/** FIO's message of an error body: the API layer's `message` / fields, or the chain's assertion text. */
export function fioErrorMessage(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'FIO node error';
  const b = body as Record<string, unknown>;
  const fields = Array.isArray(b.fields) ? b.fields : [];
  const first = fields[0] as { error?: unknown } | undefined;
  if (typeof first?.error === 'string') return first.error;
  const err = b.error as { name?: unknown; what?: unknown; details?: { message?: unknown }[] } | undefined;
  // An authorization refusal's detail lists keys, permissions and delays; its `what` is the sentence to show.
  if (err?.name === 'unsatisfied_authorization' && typeof err.what === 'string') return err.what;
  const detail = err?.details?.[0]?.message;
  if (typeof detail === 'string') return detail.replace(/^assertion failure with message: /, '');
  if (typeof b.message === 'string') return b.message;
  if (typeof err?.what === 'string') return err.what;
  return 'FIO node error';
}

export function createFioNode(o: FioNodeOptions): FioProvider {
  const base = o.url.replace(/\/+$/, '');
  const post = async <S extends z.ZodType>(
    path: string,
    body: Record<string, unknown>,
    schema: S,
    signal: AbortSignal,
  ): Promise<z.output<S>> => {
    const a = await httpRequest(o.fetch, base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
      pass: [400],
    });
    // SUF are JSON numbers: read losslessly, a balance above 2^53 keeps every digit (losslessJson.ts).
    const json = parseLosslessJson(a.text);
    if (a.status === 400) throw new ProviderError('badRequest', fioErrorMessage(json), { status: 400 });
    return validate(schema, json, path);
  };
  const orEmpty = async <T>(p: Promise<T>, empty: T): Promise<T> => {
    try {
      return await p;
    } catch (e) {
      if (e instanceof ProviderError && e.kind === 'notFound') return empty;
      throw e;
    }
  };

  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    async balance(publicKey, signal) {
      const b = await orEmpty(
        post('/v1/chain/get_fio_balance', { fio_public_key: publicKey }, Balance, signal),
        null,
      );
      if (!b) return { balance: 0n, available: 0n, staked: 0n, srps: 0n, roe: '1' };
      return {
        balance: b.balance,
        available: b.available,
        staked: b.staked,
        srps: b.srps,
        roe: String(b.roe),
      };
    },
    async locks(publicKey, signal) {
      const l = await orEmpty(
        post('/v1/chain/get_locks', { fio_public_key: publicKey }, Locks, signal),
        null,
      );
      return {
        lockAmount: l?.lock_amount ?? 0n,
        remaining: l?.remaining_lock_amount ?? l?.lock_amount ?? 0n,
        timeStamp: l?.time_stamp ?? null,
        periods: l?.unlock_periods ?? [],
      };
    },
    async fee(endPoint, fioAddress, signal) {
      return (await post('/v1/chain/get_fee', { end_point: endPoint, fio_address: fioAddress }, Fee, signal))
        .fee;
    },
    async info(signal) {
      const i = await post('/v1/chain/get_info', {}, Info, signal);
      return {
        chainId: i.chain_id,
        headBlockNum: i.head_block_num,
        lastIrreversibleBlockNum: i.last_irreversible_block_num,
      };
    },
    async block(num, signal) {
      const b = await post('/v1/chain/get_block', { block_num_or_id: num }, Block, signal);
      return { blockNum: b.block_num, id: b.id, timestamp: b.timestamp };
    },
    rawAbi(account, signal) {
      return post('/v1/chain/get_raw_abi', { account_name: account }, RawAbi, signal);
    },
    async names(publicKey, signal) {
      const q = { fio_public_key: publicKey, limit: 100, offset: 0 };
      const [d, a] = await Promise.all([
        orEmpty(post('/v1/chain/get_fio_domains', q, Domains, signal), { fio_domains: [] }),
        orEmpty(post('/v1/chain/get_fio_addresses', q, Addresses, signal), { fio_addresses: [] }),
      ]);
      return { domains: d.fio_domains, addresses: a.fio_addresses };
    },
    async availCheck(name, signal) {
      return (await post('/v1/chain/avail_check', { fio_name: name }, Avail, signal)).is_registered === 1;
    },
    async publicAddresses(handle, signal) {
      const r = await orEmpty(
        post(
          '/v1/chain/get_pub_addresses',
          { fio_address: handle, limit: 100, offset: 0 },
          PubAddresses,
          signal,
        ),
        { public_addresses: [] },
      );
      return r.public_addresses;
    },
    async publicAddress(handle, chainCode, tokenCode, signal) {
      const r = await orEmpty(
        post(
          '/v1/chain/get_pub_address',
          { fio_address: handle, chain_code: chainCode, token_code: tokenCode },
          PubOne,
          signal,
        ),
        null,
      );
      return r?.public_address ?? null;
    },
    async actions(actor, pos, offset, signal) {
      const r = await post('/v1/history/get_actions', { account_name: actor, pos, offset }, Actions, signal);
      // The node ran out of time and answers what it found so far (maybe nothing): not the account's history.
      if (r.time_limit_exceeded_error)
        throw new ProviderError('server', 'history node: time_limit_exceeded_error (a partial answer)');
      return r.actions;
    },
    async requests(which, publicKey, signal) {
      const r = await orEmpty(
        post(
          `/v1/chain/get_${which}_fio_requests`,
          { fio_public_key: publicKey, limit: 100, offset: 0 },
          Requests,
          signal,
        ),
        { requests: [] },
      );
      return r.requests;
    },
    async voter(actor, signal) {
      const r = await post(
        '/v1/chain/get_table_rows',
        {
          code: 'eosio',
          scope: 'eosio',
          table: 'voters',
          index_position: '3',
          key_type: 'name',
          lower_bound: actor,
          upper_bound: actor,
          json: true,
          limit: 1,
        },
        Voters,
        signal,
      );
      const row = r.rows.find((x) => x.owner === actor);
      if (!row) return null;
      return {
        owner: row.owner,
        proxy: row.proxy,
        producers: row.producers,
        isProxy: Boolean(row.is_proxy),
        isAutoProxy: Boolean(row.is_auto_proxy),
        fioaddress: row.fioaddress,
      };
    },
    async transaction(id, signal) {
      const a = await httpRequest(o.fetch, `${base}/v1/history/get_transaction`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
        signal,
        pass: [404, 500],
      });
      const json = parseLosslessJson(a.text);
      if (a.status === 404)
        throw new ProviderError('unsupported', 'no history API on this node', { status: 404 });
      if (a.status === 500) {
        const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
        if (code === 3040011) return { found: false };
        throw new ProviderError('server', `upstream error 500: ${fioErrorMessage(json)}`, { status: 500 });
      }
      const t = validate(HistoryTx, json, 'get_transaction');
      if (t.id.toLowerCase() !== id) throw new ProviderError('malformed', 'get_transaction: another id');
      return { found: true, blockNum: t.block_num };
    },
    async push(body, signal) {
      const a = await httpRequest(o.fetch, `${base}/v1/chain/push_transaction`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
        // nodeos (FIO's http_plugin handle_exception): 401 unsatisfied_authorization (a key that is not the
        // declared authority's), 403 a FIO contract's invalid_signature, 409 tx_duplicate, 400 / 500 the rest.
        pass: [400, 401, 403, 409, 500],
      });
      const json = parseLosslessJson(a.text);
      // nodeos accepts a pushed transaction with 202 (chain_api_plugin's CHAIN_RW_CALL_ASYNC).
      if (a.status === 200 || a.status === 202)
        return { ok: true, transactionId: validate(Pushed, json, 'push_transaction').transaction_id };
      const chainError =
        typeof json === 'object' && json !== null && ('type' in json || 'error' in json || 'fields' in json);
      if (!chainError) throw new ProviderError('server', `upstream error ${a.status}`, { status: a.status });
      const type = (json as { type?: unknown; error?: { name?: unknown } }).type;
      const name = (json as { error?: { name?: unknown } }).error?.name;
      return {
        ok: false,
        status: a.status,
        message: fioErrorMessage(json),
        code: typeof type === 'string' ? type : typeof name === 'string' ? name : 'rejected',
      };
    },
  });
}
