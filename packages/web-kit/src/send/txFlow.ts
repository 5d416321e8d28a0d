/**
 * The chain-agnostic parts of a send (every family, every send kind): device signing through the family's
 * adapter (progress current/total, then finalize), broadcast with the spec's error mapping and the
 * transaction log after every broadcast, and the fee-limit alert of the remote config.
 */
import {
  mapBroadcastError,
  mapSigningError,
  TXLOG_ERROR_MAX_CHARS,
  classifyFeeAlert,
  findCurrency,
  CHAINS,
  type CatalogueMessageKey,
  type ChainSymbol,
  type FeeAlert,
} from '@secux-companion/core';
import type { SignedTransaction, SignOptions } from '@secux-companion/chain-common';
import type { Device } from '@secux-companion/device';
import { currentDevice } from '../device/runtime';
import { PRICE_IDS, fetchCoinPrice, fetchFeeLimits, postTxLog } from '../accounts/api';
import type { FeePrompt } from './types';

export type SignOutcome<S = SignedTransaction> =
  | { kind: 'signed'; tx: S }
  /** User cancel on the device: nothing is shown (logged). */
  | { kind: 'cancelled' }
  /** `messageKey`: the catalogue text to show (a device signature error, or what the device layer names,
   * e.g. a firmware update required); else `message`, the error's own text. */
  | { kind: 'error'; messageKey?: CatalogueMessageKey; message?: string };

/** Signs on the device and finalizes; a cancel on the device is silent, other failures are mapped. */
export async function runSigning<S = SignedTransaction>(sign: () => Promise<S>): Promise<SignOutcome<S>> {
  try {
    return { kind: 'signed', tx: await sign() };
  } catch (e) {
    const m = mapSigningError(e);
    if (m.kind === 'cancelled') {
      console.info('signing cancelled on the device');
      return { kind: 'cancelled' };
    }
    console.warn('signing failed', e);
    if (m.kind === 'signature') return { kind: 'error', messageKey: 'signatureError' };
    return m.messageKey
      ? { kind: 'error', messageKey: m.messageKey, message: m.message }
      : { kind: 'error', message: m.message };
  }
}

/**
 * The signing half of a family's chain adapter (chain-common's ChainAdapter: sign on the device, then
 * finalize). The connected Device satisfies every family's signer.
 */
export interface SigningAdapter<B, S> {
  sign(signer: Device, built: B, options?: SignOptions): Promise<S>;
  finalize(built: B, signature: S): SignedTransaction;
  broadcast(tx: SignedTransaction): Promise<string>;
}

/** Device signature(s) of `built` through the adapter, then finalize. */
export async function signWith<B, S>(
  adapter: SigningAdapter<B, S>,
  built: B,
  onProgress: (current: number, total: number) => void,
): Promise<SignedTransaction> {
  return adapter.finalize(built, await adapter.sign(currentDevice(), built, { onProgress }));
}

export type BroadcastOutcome =
  | {
      kind: 'success';
      hash: string;
      resultCode: 'state-010';
      /** The server's chain the transaction is followed on (tx-status) until it is final. */
      chain?: string;
    }
  | {
      kind: 'failed';
      resultCode: 'err-08';
      messageKey: 'broadcastConflict' | 'broadcastFailedRetry' | 'cannotBroadcast' | 'err-08';
      conflict: boolean;
      raw: string;
      /**
       * No node refused it: the request failed on the way (no answer, timeout, every provider down or busy), so
       * the outcome is unknown and the same signed transaction may be sent again (never signed again).
       */
      retryable: boolean;
    };

/**
 * The broadcast never reached a node that answered (transport failure or timeout: a family error with status 0 /
 * code 'network'; or the server found no reachable provider): there are no node words to show, so the user is told
 * to try again (spec 02 §8 'broadcast failed, try again, contact support if it persists') instead of a bare err-08.
 */
function noNodeWords(e: unknown, raw: string): boolean {
  const { status, code } = (e ?? {}) as { status?: unknown; code?: unknown };
  return raw.trim() === '' || status === 0 || code === 'network' || code === 'upstream_unavailable';
}

/** Failures where no node refused the transaction: sending the same bytes again is safe and may succeed. */
function transportFailure(e: unknown, raw: string): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return noNodeWords(e, raw) || code === 'upstream_failed' || code === 'too_many_requests';
}

/**
 * Broadcasts, maps 'conflict'/'Missing' to the unconfirmed-transaction alert, and writes the transaction
 * log (state-010 with the node's hash, or err-08 with the signed hash and the node's words).
 */
export async function runBroadcast(
  broadcast: () => Promise<string>,
  signedHash: string,
  log: (hash: string, outcome: { result: 'state-010' } | { result: 'err-08'; error: string }) => void,
): Promise<BroadcastOutcome> {
  try {
    const hash = await broadcast();
    log(hash, { result: 'state-010' });
    return { kind: 'success', hash, resultCode: 'state-010' };
  } catch (e) {
    const raw = e instanceof Error ? e.message : String(e);
    const m = mapBroadcastError(raw);
    const code = (e as { code?: unknown } | null)?.code;
    log(signedHash, { result: 'err-08', error: raw.slice(0, TXLOG_ERROR_MAX_CHARS) });
    return {
      kind: 'failed',
      resultCode: 'err-08',
      messageKey:
        m.kind === 'conflict'
          ? 'broadcastConflict'
          : // Spec 02 (generic EVM): no RPC of a user-added chain took the broadcast — the family names it.
            code === 'cannotBroadcast'
            ? 'cannotBroadcast'
            : noNodeWords(e, raw)
              ? 'broadcastFailedRetry'
              : 'err-08',
      conflict: m.kind === 'conflict',
      raw,
      // A user-added chain whose RPCs all failed ('cannotBroadcast') is a failure on the way too.
      retryable: m.kind !== 'conflict' && (code === 'cannotBroadcast' || transportFailure(e, raw)),
    };
  }
}

/**
 * Broadcast through the adapter and log it under `chain` with the family's context (path, fee …); a success is
 * followed on `chain` (the server's chain id) until it is final.
 */
export async function broadcastWith(
  adapter: Pick<SigningAdapter<unknown, unknown>, 'broadcast'>,
  chain: string,
  tx: SignedTransaction,
  context: Record<string, unknown>,
): Promise<BroadcastOutcome> {
  const outcome = await runBroadcast(
    () => adapter.broadcast(tx),
    tx.hash,
    (hash, outcome) => void postTxLog(hash, chain, { ...context, ...outcome }),
  );
  return outcome.kind === 'success' ? { ...outcome, chain } : outcome;
}

/**
 * Fee alert before leaving the fee step: the fee's fiat value against maxFeeLimit / higherFeeLimit
 * (remote config, in its currency). A coin without a price (testnets, chains the user added) has no alert;
 * when the check itself fails it is logged and the flow goes on.
 */
export async function checkFeeAlert(
  chain: ChainSymbol,
  fee: bigint,
): Promise<{ alert: FeeAlert; limit?: string; currency?: string; symbol?: string }> {
  if (!PRICE_IDS[chain]) return { alert: 'ok' };
  try {
    const limits = await fetchFeeLimits();
    const price = await fetchCoinPrice(chain, limits.currency);
    if (!price) return { alert: 'ok' };
    const alert = classifyFeeAlert({
      fee,
      decimals: CHAINS[chain].decimals,
      price,
      maxFeeLimit: limits.maxFeeLimit,
      higherFeeLimit: limits.higherFeeLimit,
    });
    const symbol = findCurrency(limits.currency)?.symbol ?? '';
    return { alert, limit: limits.higherFeeLimit, currency: limits.currency, symbol };
  } catch (e) {
    console.warn('fee alert check failed', e);
    return { alert: 'ok' };
  }
}

/** The fee-limit prompt of a built transaction's fee (the last of every family's fee prompts), or null. */
export async function feeLimitPrompt(chain: ChainSymbol, fee: bigint): Promise<FeePrompt | null> {
  const check = await checkFeeAlert(chain, fee);
  if (check.alert === 'max_fee') return { kind: 'max_fee' };
  if (check.alert === 'higher_fee')
    return {
      kind: 'higher_fee',
      limit: check.limit ?? '',
      currency: check.currency ?? '',
      symbol: check.symbol ?? '',
    };
  return null;
}
