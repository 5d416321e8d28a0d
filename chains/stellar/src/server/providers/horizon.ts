/**
 * Horizon over REST (reference/apis/stellar-horizon.md): GET /accounts/{id} (404 = not on the ledger), GET
 * /accounts/{id}/payments (newest first, `join=transactions` for fee, ledger and memo; paging by `paging_token`),
 * GET /ledgers?order=desc&limit=1 (base fee and base reserve, read live), GET /fee_stats, POST /transactions
 * (form-encoded `tx`; a refusal is Horizon's problem+json 400 `transaction_failed` with `extras.result_codes`, and a
 * 200 transaction record with `successful: false` is a refusal too).
 *
 * Every value is bounded before use (amounts are 7-decimal strings within int64 stroops, the sequence an int64,
 * subentries at most the protocol's 1,000, the reserve and fee within sane limits); an answer out of bounds is
 * malformed and the next provider is asked. The network passphrase of the server (GET /) must be the configured
 * one, or the provider serves another network (wrongChain).
 */
import { transactionOf } from '@secux-companion/chain-stellar';
import { INT64_MAX } from '@secux-companion/server-kit/bounds';
import { z } from 'zod';
import {
  ProviderError,
  getJson,
  httpRequest,
  parseJson,
  validate,
  withBreaker,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import type {
  HorizonAccountRead,
  HorizonAssetRead,
  HorizonLedgerRead,
  HorizonPaymentsPage,
  HorizonSubmitResult,
  HorizonTxRead,
  StellarProvider,
} from '../backend.js';

/** A ledger entry holds at most 1,000 subentries (protocol limit). */
export const MAX_SUBENTRIES = 1000;
/** Bounds of the live network values (stroops): a base reserve up to 10,000 XLM, a base fee up to 100 XLM. */
export const MAX_BASE_RESERVE = 100_000_000_000n;
export const MAX_BASE_FEE = 1_000_000_000n;

/** Horizon's amount ("198.8944970") → stroops, within int64. */
export const Amount7 = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,7})?$/, { message: 'must be a 7-decimal amount' })
  .transform((v) => {
    const [i = '0', f = ''] = v.split('.');
    return BigInt(i) * 10n ** 7n + BigInt(f.padEnd(7, '0'));
  })
  .refine((v) => v <= INT64_MAX, { message: 'is above int64' });
const Int64 = z
  .string()
  .regex(/^\d{1,19}$/)
  .transform(BigInt)
  .refine((v) => v <= INT64_MAX, { message: 'is above int64' });
const Count = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 32);
const IntString = (max: bigint) =>
  z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]).transform((v) => {
    const n = BigInt(v);
    if (n > max) throw new Error('out of bounds');
    return n;
  });

const Balance = z.object({
  asset_type: z.enum(['native', 'credit_alphanum4', 'credit_alphanum12', 'liquidity_pool_shares']),
  balance: Amount7,
  selling_liabilities: Amount7.optional(),
  asset_code: z.string().max(12).optional(),
  asset_issuer: z.string().max(56).optional(),
  liquidity_pool_id: z.string().max(64).optional(),
});
const AccountShape = z.object({
  account_id: z.string(),
  sequence: Int64,
  subentry_count: z.number().int().nonnegative().max(MAX_SUBENTRIES),
  num_sponsoring: Count.optional(),
  num_sponsored: Count.optional(),
  balances: z.array(Balance).max(MAX_SUBENTRIES + 1),
  data: z.record(z.string(), z.string().max(88)).optional(),
});
const PageShape = z.object({
  _embedded: z.object({
    records: z.array(z.object({ paging_token: z.string().min(1).max(64) }).passthrough()),
  }),
});
const LedgerShape = z.object({
  _embedded: z.object({
    records: z
      .array(
        z.object({
          sequence: z
            .number()
            .int()
            .positive()
            .max(2 ** 32),
          base_fee_in_stroops: z.number().int().positive(),
          base_reserve_in_stroops: z.number().int().positive(),
        }),
      )
      .min(1),
  }),
});
const FeeStats = z.object({ last_ledger_base_fee: IntString(MAX_BASE_FEE) });
const Root = z.object({ network_passphrase: z.string() });
const Submitted = z.object({
  hash: z.string().regex(/^[0-9a-fA-F]{64}$/),
  successful: z.boolean().optional(),
});
const TxRecord = z.object({
  hash: z.string().regex(/^[0-9a-fA-F]{64}$/),
  successful: z.boolean(),
  ledger: z
    .number()
    .int()
    .positive()
    .max(2 ** 32),
});
const Problem = z.object({
  type: z.string(),
  title: z.string().optional(),
  detail: z.string().optional(),
  extras: z
    .object({
      hash: z.string().optional(),
      result_codes: z
        .object({
          transaction: z.string().max(64),
          operations: z.array(z.string().max(64)).max(100).optional(),
        })
        .optional(),
    })
    .passthrough()
    .optional(),
});

/** SEP-29: the recipient requires a memo when its data entry config.memo_required is "1" (base64 "MQ=="). */
export function memoRequiredOf(data: Record<string, string> | undefined): boolean {
  const v = data?.['config.memo_required'];
  return v !== undefined && Buffer.from(v, 'base64').toString('utf8') === '1';
}

export interface HorizonOptions {
  name: string;
  /** Horizon's base URL (https://horizon.stellar.org). */
  url: string;
  /** The network passphrase the server must report (GET /). */
  networkPassphrase: string;
  fetch: FetchFn;
  timeoutMs: number;
}

/**
 * Horizon's 504 `transaction_submission_timeout` (or an older Horizon's `timeout`): its 30 s passed before the ledger
 * took the transaction, which Core still has and may apply ("Before resubmitting, … poll GET /transactions"). The
 * send is pending by the envelope's own hash (GET /tx-status follows it), neither a failure nor a resend that would
 * wait another 30 s. A 504 of anything else (a proxy that gave up) is this server's failure; a hash other than the
 * envelope's is a lie.
 */
function submissionTimeoutHash(text: string, envelope: string, networkPassphrase: string): string {
  let p: z.output<typeof Problem> | undefined;
  try {
    p = Problem.parse(JSON.parse(text));
  } catch {
    p = undefined;
  }
  if (!p || !/\/(transaction_submission_timeout|timeout)$/.test(p.type))
    throw new ProviderError('server', 'upstream error 504', { status: 504 });
  const hash = Buffer.from(transactionOf(envelope, networkPassphrase).hash()).toString('hex');
  if (p.extras?.hash !== undefined && p.extras.hash.toLowerCase() !== hash)
    throw new ProviderError('malformed', 'submit timeout: the hash of another transaction');
  return hash;
}

export function createHorizon(o: HorizonOptions): StellarProvider {
  const base = o.url.replace(/\/+$/, '');
  let checkedNetwork = false;
  const checkNetwork = async (signal: AbortSignal) => {
    if (checkedNetwork) return;
    const root = await getJson(o.fetch, `${base}/`, Root, 'root', { signal });
    if (root.network_passphrase !== o.networkPassphrase)
      throw new ProviderError(
        'wrongChain',
        `serves '${root.network_passphrase}', not '${o.networkPassphrase}'`,
      );
    checkedNetwork = true;
  };

  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    onFailure() {
      checkedNetwork = false;
    },
    async account(address, signal): Promise<HorizonAccountRead> {
      let a: z.output<typeof AccountShape>;
      try {
        a = await getJson(
          o.fetch,
          `${base}/accounts/${encodeURIComponent(address)}`,
          AccountShape,
          'account',
          {
            signal,
          },
        );
      } catch (e) {
        // 404: the account is not on the ledger (never funded, or merged): inactive, balance 0.
        if (e instanceof ProviderError && e.kind === 'notFound') return { found: false };
        throw e;
      }
      if (a.account_id !== address) throw new ProviderError('malformed', 'account: another account answered');
      const native = a.balances.filter((b) => b.asset_type === 'native');
      if (native.length !== 1) throw new ProviderError('malformed', 'account: no single native balance');
      const assets: HorizonAssetRead[] = a.balances
        .filter((b) => b.asset_type !== 'native')
        .map((b) => ({
          kind: b.asset_type as HorizonAssetRead['kind'],
          code: b.asset_type === 'liquidity_pool_shares' ? (b.liquidity_pool_id ?? '') : (b.asset_code ?? ''),
          issuer: b.asset_issuer ?? '',
          balance: b.balance,
        }));
      return {
        found: true,
        balance: native[0]!.balance,
        sellingLiabilities: native[0]!.selling_liabilities ?? 0n,
        sequence: a.sequence,
        subentries: a.subentry_count,
        sponsoring: a.num_sponsoring ?? 0,
        sponsored: a.num_sponsored ?? 0,
        memoRequired: memoRequiredOf(a.data),
        assets,
      };
    },
    async payments(address, cursor, limit, signal): Promise<HorizonPaymentsPage> {
      const q = new URLSearchParams({ order: 'desc', limit: String(limit), join: 'transactions' });
      if (cursor) q.set('cursor', cursor);
      let page: z.output<typeof PageShape>;
      try {
        page = await getJson(
          o.fetch,
          `${base}/accounts/${encodeURIComponent(address)}/payments?${q.toString()}`,
          PageShape,
          'payments',
          { signal },
        );
      } catch (e) {
        if (e instanceof ProviderError && e.kind === 'notFound') return { records: [], next: null };
        throw e;
      }
      const records = page._embedded.records;
      if (records.length > limit)
        throw new ProviderError('malformed', 'payments: more records than asked for');
      const last = records.at(-1)?.paging_token;
      return { records, next: records.length === limit && last ? last : null };
    },
    async ledger(signal): Promise<HorizonLedgerRead> {
      await checkNetwork(signal);
      const l = await getJson(o.fetch, `${base}/ledgers?order=desc&limit=1`, LedgerShape, 'ledgers', {
        signal,
      });
      const r = l._embedded.records[0]!;
      const baseReserve = BigInt(r.base_reserve_in_stroops);
      const baseFee = BigInt(r.base_fee_in_stroops);
      if (baseReserve > MAX_BASE_RESERVE || baseFee > MAX_BASE_FEE)
        throw new ProviderError('malformed', 'ledgers: base reserve or base fee out of bounds');
      return { sequence: r.sequence, baseFee, baseReserve };
    },
    async baseFee(signal): Promise<bigint> {
      const f = await getJson(o.fetch, `${base}/fee_stats`, FeeStats, 'fee_stats', { signal });
      return f.last_ledger_base_fee;
    },
    async submit(envelope, signal): Promise<HorizonSubmitResult> {
      const a = await httpRequest(o.fetch, `${base}/transactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ tx: envelope }).toString(),
        signal,
        // Horizon answers a submit only once the ledger closes (about 5 s, at most 30 s, then 504 with the hash): the
        // facade's broadcast is a `submit` call, with that class's timeout and no first-byte rule (failover.ts).
        pass: [400, 504],
      });
      if (a.status === 504)
        return { ok: true, hash: submissionTimeoutHash(a.text, envelope, o.networkPassphrase) };
      const body = parseJson(a.text);
      if (a.status === 200) {
        const t = validate(Submitted, body, 'submit');
        const hash = t.hash.toLowerCase();
        // A transaction record of a transaction that failed in a ledger (an older Horizon answers a resubmission so):
        // the transaction was refused, its fee paid, never a success.
        if (t.successful === false) return { ok: false, codes: { transaction: 'tx_failed' }, hash };
        return { ok: true, hash };
      }
      const p = validate(Problem, body, 'submit error');
      const codes = p.extras?.result_codes;
      if (p.type.endsWith('/transaction_failed') && codes)
        return {
          ok: false,
          codes: {
            transaction: codes.transaction,
            ...(codes.operations ? { operations: codes.operations } : {}),
          },
          ...(p.extras?.hash ? { hash: p.extras.hash } : {}),
        };
      // transaction_malformed or bad_request: the envelope itself is refused (every Horizon would say the same).
      throw new ProviderError('badRequest', p.detail ?? p.title ?? 'the transaction was refused', {
        status: 400,
        upstreamCode: p.type.split('/').pop() ?? 'bad_request',
      });
    },
    async transaction(hash, signal): Promise<HorizonTxRead> {
      await checkNetwork(signal);
      let t: z.infer<typeof TxRecord>;
      try {
        t = await getJson(o.fetch, `${base}/transactions/${hash}`, TxRecord, 'transaction', { signal });
      } catch (e) {
        if (e instanceof ProviderError && e.kind === 'notFound') return { found: false };
        throw e;
      }
      if (t.hash.toLowerCase() !== hash) throw new ProviderError('malformed', 'transaction: another hash');
      return { found: true, successful: t.successful, ledger: t.ledger };
    },
  });
}
