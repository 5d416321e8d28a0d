/**
 * rippled / Clio over JSON-RPC (HTTP POST `{"method", "params":[{…}]}`; reference/apis/xrpl.md). Every call sends
 * `api_version: 2` explicitly (a server given none answers v1). Errors come back as HTTP 200 with
 * `result.status = "error"`: actNotFound is an answer (the account is not in the ledger), a malformed address is the
 * caller's fault, anything else (tooBusy, noNetwork, …) is this server's failure and the next provider is asked.
 */
import { z } from 'zod';
import { ProviderError, getJson, withBreaker, type FetchFn } from '@secux-companion/server-kit/failover';
import type {
  XrpAccountRead,
  XrpFeeRead,
  XrpLedgerRead,
  XrpProvider,
  XrpSubmitResult,
  XrpTxPage,
  XrpTxRead,
} from '../backend.js';
import { SimulateAnswer, balanceChanges } from '../simulate.js';

const Drops = z
  .string()
  .regex(/^\d{1,20}$/)
  .transform(BigInt);
const Uint = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const Envelope = z.object({ result: z.record(z.string(), z.unknown()) });

const AccountInfo = z.object({
  account_data: z.object({ Balance: Drops, Sequence: Uint, OwnerCount: Uint, Flags: Uint }),
  account_flags: z.object({ requireDestinationTag: z.boolean() }).partial().optional(),
});
const AccountTx = z.object({ transactions: z.array(z.unknown()), marker: z.unknown().optional() });
const Fee = z.object({ drops: z.object({ base_fee: Drops, minimum_fee: Drops, open_ledger_fee: Drops }) });
const LedgerShape = z.object({ seq: Uint, reserve_base: Uint, reserve_inc: Uint });
const ServerState = z.object({
  state: z.object({ validated_ledger: LedgerShape.optional(), closed_ledger: LedgerShape.optional() }),
});
const Submit = z.object({
  engine_result: z.string().min(3),
  engine_result_message: z.string(),
  tx_json: z.object({ hash: z.string().regex(/^[0-9A-Fa-f]{64}$/) }),
});

/** `tx` (api_version 2: the transaction under tx_json, meta beside it; v1 puts the fields at the top). */
const TxAnswer = z.object({
  validated: z.boolean().optional(),
  ledger_index: Uint.optional(),
  meta: z
    .object({ TransactionResult: z.string().max(40) })
    .passthrough()
    .optional(),
  tx_json: z.object({ LastLedgerSequence: Uint.optional() }).passthrough().optional(),
  LastLedgerSequence: Uint.optional(),
});

/** lsfRequireDestTag in AccountRoot Flags (older servers have no account_flags). */
const LSF_REQUIRE_DEST_TAG = 0x00020000;

/** Errors that are about the request, not the server: answered as they are, no other provider asked. */
const CALLER_ERRORS = new Set([
  'actMalformed',
  'invalidParams',
  'lgrIdxsInvalid',
  'lgrIdxMalformed',
  'invalidTransaction',
]);

/** rippled / Clio errors that say "too much load from you" (xrpl.org rate-limiting; XRPLF/clio #207, #403). */
const RATE_LIMIT_ERRORS: ReadonlySet<string> = new Set(['slowDown', 'tooBusy']);
/** rippled drops a client "for a while" (seconds to minutes, no Retry-After): stay away this long. */
export const RIPPLED_PAUSE_S = 10;

export interface RippledOptions {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
}

export function createRippled(o: RippledOptions): XrpProvider {
  const call = async (method: string, params: Record<string, unknown>, signal: AbortSignal) => {
    const { result } = await getJson(o.fetch, o.url, Envelope, method, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method, params: [{ api_version: 2, ...params }] }),
      signal,
    }).catch((e: unknown) => {
      // HTTP 503 `Server is overloaded` carries no Retry-After: rippled's own pause.
      if (e instanceof ProviderError && e.kind === 'rateLimited' && !e.opts.retryAfter)
        throw new ProviderError('rateLimited', e.message, { ...e.opts, retryAfter: RIPPLED_PAUSE_S });
      throw e;
    });
    if (result.status === 'error') {
      const code = typeof result.error === 'string' ? result.error : 'error';
      // invalidTransaction carries its reason in error_exception ('fails local checks: Invalid signature.').
      const message =
        typeof result.error_message === 'string'
          ? result.error_message
          : typeof result.error_exception === 'string'
            ? result.error_exception
            : code;
      // Clio's `slowDown` and rippled's `tooBusy`: rate limited (rippled's own overload is HTTP 503 `Server is
      // overloaded`, failover.ts rateLimitOf); the next server is asked and this one left alone for a while.
      if (RATE_LIMIT_ERRORS.has(code))
        throw new ProviderError('rateLimited', message, { upstreamCode: code, retryAfter: RIPPLED_PAUSE_S });
      throw new ProviderError(
        CALLER_ERRORS.has(code) ? 'badRequest' : code === 'actNotFound' ? 'notFound' : 'server',
        message,
        {
          upstreamCode: code,
        },
      );
    }
    if (result.status !== 'success') throw new ProviderError('malformed', `${method}: no status`);
    return result;
  };
  const parse = <S extends z.ZodType>(schema: S, v: unknown, what: string): z.output<S> => {
    const r = schema.safeParse(v);
    if (!r.success)
      throw new ProviderError('malformed', `unexpected ${what} shape: ${r.error.issues[0]?.message ?? ''}`);
    return r.data;
  };

  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    async accountInfo(address, signal): Promise<XrpAccountRead> {
      let result: Record<string, unknown>;
      try {
        result = await call('account_info', { account: address, ledger_index: 'validated' }, signal);
      } catch (e) {
        if (e instanceof ProviderError && e.opts.upstreamCode === 'actNotFound') return { found: false };
        throw e;
      }
      const a = parse(AccountInfo, result, 'account_info');
      return {
        found: true,
        balance: a.account_data.Balance,
        sequence: a.account_data.Sequence,
        ownerCount: a.account_data.OwnerCount,
        requireDestinationTag:
          a.account_flags?.requireDestinationTag ?? (a.account_data.Flags & LSF_REQUIRE_DEST_TAG) !== 0,
      };
    },
    async accountTx(address, marker, limit, signal): Promise<XrpTxPage> {
      const result = await call(
        'account_tx',
        {
          account: address,
          ledger_index_min: -1,
          ledger_index_max: -1,
          limit,
          ...(marker !== undefined ? { marker } : {}),
        },
        signal,
      );
      const page = parse(AccountTx, result, 'account_tx');
      return { transactions: page.transactions, marker: page.marker };
    },
    async fee(signal): Promise<XrpFeeRead> {
      const f = parse(Fee, await call('fee', {}, signal), 'fee');
      return {
        baseFee: f.drops.base_fee,
        minimumFee: f.drops.minimum_fee,
        openLedgerFee: f.drops.open_ledger_fee,
      };
    },
    async ledger(signal): Promise<XrpLedgerRead> {
      const s = parse(ServerState, await call('server_state', {}, signal), 'server_state');
      const l = s.state.validated_ledger ?? s.state.closed_ledger;
      if (!l) throw new ProviderError('server', 'server_state: no validated ledger yet');
      return {
        ledgerIndex: l.seq,
        reserveBase: BigInt(l.reserve_base),
        reserveIncrement: BigInt(l.reserve_inc),
      };
    },
    async submit(blob, signal): Promise<XrpSubmitResult> {
      const r = parse(Submit, await call('submit', { tx_blob: blob }, signal), 'submit');
      return {
        engineResult: r.engine_result,
        message: r.engine_result_message,
        hash: r.tx_json.hash.toUpperCase(),
      };
    },
    async tx(hash, signal): Promise<XrpTxRead> {
      let result: Record<string, unknown>;
      try {
        result = await call('tx', { transaction: hash, binary: false }, signal);
      } catch (e) {
        // txnNotFound: this server has not seen it (yet), or it was never in a ledger it keeps.
        if (e instanceof ProviderError && e.opts.upstreamCode === 'txnNotFound') return { found: false };
        throw e;
      }
      const t = parse(TxAnswer, result, 'tx');
      return {
        found: true,
        validated: t.validated === true,
        ledgerIndex: t.ledger_index ?? null,
        result: t.meta?.TransactionResult ?? null,
        lastLedgerSequence: t.tx_json?.LastLedgerSequence ?? t.LastLedgerSequence ?? null,
      };
    },
    async simulate(txJson, signal) {
      let result: Record<string, unknown>;
      try {
        result = await call('simulate', { tx_json: txJson }, signal);
      } catch (e) {
        // A server before rippled 2.4 (or a Clio that does not forward it) does not know the command.
        const code = e instanceof ProviderError ? e.opts.upstreamCode : undefined;
        if (code === 'unknownCmd' || code === 'notImpl') return { available: false };
        throw e;
      }
      const a = parse(SimulateAnswer, result, 'simulate');
      return {
        available: true,
        engineResult: a.engine_result,
        message: a.engine_result_message,
        fee: a.tx_json.Fee,
        changes: balanceChanges(a),
      };
    },
    call,
  });
}
