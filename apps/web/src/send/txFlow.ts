/**
 * Shared by Send and Speed up: device signing (progress current/total), finalize, broadcast with the
 * spec's error mapping, and the transaction log after every broadcast.
 */
import {
  mapBroadcastError,
  mapSigningError,
  classifyFeeAlert,
  CHAINS,
  type FeeAlert,
} from '@secux-companion/core';
import type { SignedTransaction } from '@secux-companion/chain-common';
import type { BtcBuiltTransaction } from '@secux-companion/chain-bitcoin';
import type { BitcoinChain } from '../../chains/bitcoin';
import { currentDevice } from '../../device/runtime';
import { fetchCoinPrice, fetchFeeLimits, postTxLog } from '../api';
import type { AppAccount } from '../types';

export type SignOutcome =
  | { kind: 'signed'; tx: SignedTransaction }
  /** User cancel on the device: nothing is shown (logged). */
  | { kind: 'cancelled' }
  | { kind: 'error'; messageKey?: 'signatureError'; message?: string };

/** Signs on the device and finalizes; a cancel on the device is silent, other failures are mapped. */
export async function runSigning(sign: () => Promise<SignedTransaction>): Promise<SignOutcome> {
  try {
    return { kind: 'signed', tx: await sign() };
  } catch (e) {
    const m = mapSigningError(e);
    if (m.kind === 'cancelled') {
      console.info('signing cancelled on the device');
      return { kind: 'cancelled' };
    }
    console.warn('signing failed', e);
    return m.kind === 'signature'
      ? { kind: 'error', messageKey: 'signatureError' }
      : { kind: 'error', message: m.message };
  }
}

export function signOnDevice(
  chain: BitcoinChain,
  built: BtcBuiltTransaction,
  onProgress: (current: number, total: number) => void,
): Promise<SignOutcome> {
  return runSigning(async () =>
    chain.adapter.finalize(built, await chain.adapter.sign(currentDevice(), built, { onProgress })),
  );
}

export type BroadcastOutcome =
  | { kind: 'success'; hash: string; resultCode: 'state-010' }
  | {
      kind: 'failed';
      resultCode: 'err-08';
      messageKey: 'broadcastConflict' | 'broadcastFailedRetry' | 'err-08';
      conflict: boolean;
      raw: string;
    };

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
    log(signedHash, { result: 'err-08', error: raw });
    return {
      kind: 'failed',
      resultCode: 'err-08',
      messageKey: m.kind === 'conflict' ? 'broadcastConflict' : 'err-08',
      conflict: m.kind === 'conflict',
      raw,
    };
  }
}

export function broadcastSigned(
  chain: BitcoinChain,
  account: AppAccount,
  tx: SignedTransaction,
  built: BtcBuiltTransaction,
): Promise<BroadcastOutcome> {
  const context = {
    kind: built.unsigned.kind,
    network: chain.networkId,
    from: account.path,
    bip: account.bip,
    to: built.review.recipient,
    amount: built.review.amount.toString(),
    fee: built.review.fee.toString(),
    feeRate: built.unsigned.feeRate,
    relatedTx: built.unsigned.relatedTx ?? null,
  };
  return runBroadcast(
    () => chain.adapter.broadcast(tx),
    tx.hash,
    (hash, outcome) => void postTxLog(hash, account.chain, { ...context, ...outcome }),
  );
}

/**
 * Fee alert before leaving the fee step: the fee's fiat value against maxFeeLimit / higherFeeLimit
 * (remote config, in its currency). When the check itself fails it is logged and the flow goes on.
 */
export async function checkFeeAlert(
  chain: AppAccount['chain'],
  fee: bigint,
): Promise<{ alert: FeeAlert; limit?: string; currency?: string }> {
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
    return { alert, limit: limits.higherFeeLimit, currency: limits.currency };
  } catch (e) {
    console.warn('fee alert check failed', e);
    return { alert: 'ok' };
  }
}
