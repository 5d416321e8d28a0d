/**
 * Payment requests on the Domain page (spec 03 §3–§5): the request form's rules (a registered payer handle, a
 * non-empty amount, the memo's remaining count), the bundles a request action needs, the manager's pending and
 * history lists, and paying (the app's coin of a request's chain, its amount in the smallest unit, 'Insufficient
 * Balance'). The chain rules themselves are chain-fio's; this is how the Domain page uses them.
 */
import { CHAINS, tryParseUnits, type ChainSymbol } from '@secux-companion/core';
import {
  REQUEST_MEMO_MAX,
  bundlesNeeded,
  isPendingRequest,
  requestPayable,
  type FioActionKind,
  type FioRequest,
  type FioRequestContent,
} from '@secux-companion/chain-fio';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import type { FioChain } from '../chain';
import { fioDescriptor, type FioDomainAccount } from './model';

/** Sent and received requests of every FIO account, newest first (chain-fio merges; decryption on the device). */
export function loadRequests(chain: FioChain, accounts: readonly FioDomainAccount[]): Promise<FioRequest[]> {
  return chain.adapter.names.requests(
    accounts.map((a) => fioDescriptor(chain, a)),
    currentDevice(),
  );
}

/** The manager's two lists, each in the order given (newest first): only 'requested' ones are pending. */
export function splitRequests(list: readonly FioRequest[]): { pending: FioRequest[]; history: FioRequest[] } {
  return {
    pending: list.filter((r) => isPendingRequest(r)),
    history: list.filter((r) => !isPendingRequest(r)),
  };
}

/** The payer field's state: what was typed and, once checked, the payer's FIO key (null: not registered). */
export type PayerCheck =
  | { state: 'idle' }
  | { state: 'checking'; handle: string }
  | { state: 'registered'; handle: string; key: string }
  | { state: 'notRegistered'; handle: string }
  | { state: 'invalid'; handle: string }
  | { state: 'error'; handle: string };

/** A request amount that can be sent: digits with at most one '.', above zero (the input already cleans it). */
export function requestAmountOk(amount: string): boolean {
  return /^\d+(\.\d+)?$/.test(amount) && /[1-9]/.test(amount);
}

/** Next on the request form (spec 03 §5): only with a registered payer and a non-empty amount. */
export function canRequest(input: {
  payer: PayerCheck;
  payerText: string;
  amount: string;
  memo: string;
  payeeAddress: string;
}): boolean {
  return (
    input.payer.state === 'registered' &&
    input.payer.handle === input.payerText.trim() &&
    requestAmountOk(input.amount) &&
    input.memo.length <= REQUEST_MEMO_MAX &&
    input.payeeAddress !== ''
  );
}

/** Characters of the memo still free (counter under the field). */
export const memoLeft = (memo: string): number => REQUEST_MEMO_MAX - memo.length;

/** The handle has fewer bundled transactions than the action spends (the app warns first). */
export function bundlesShort(bundled: number, kind: FioActionKind): boolean {
  return bundled < bundlesNeeded(kind);
}

/**
 * The app's coin a request can be paid in: its chain code when that is a coin of the wallet and the request asks
 * for the chain's own coin (token code = chain code); null otherwise ('not supported').
 */
export function requestCoin(content: Pick<FioRequestContent, 'chainCode' | 'tokenCode'>): ChainSymbol | null {
  const code = content.chainCode.trim().toUpperCase();
  if (!requestPayable(code) || content.tokenCode.trim().toUpperCase() !== code) return null;
  return Object.prototype.hasOwnProperty.call(CHAINS, code) ? (code as ChainSymbol) : null;
}

/** The requested amount in the coin's smallest unit, or null when it is not an amount of that coin. */
export function requestedUnits(coin: ChainSymbol, amount: string): bigint | null {
  const v = tryParseUnits(amount.trim(), CHAINS[coin].decimals);
  return v !== null && v > 0n ? v : null;
}

/** The coin and amount a request is paid with, or null when the app cannot pay it ('not supported'). */
export function payment(
  content: Pick<FioRequestContent, 'chainCode' | 'tokenCode' | 'amount'>,
): { coin: ChainSymbol; required: bigint } | null {
  const coin = requestCoin(content);
  const required = coin && requestedUnits(coin, content.amount);
  return coin && required ? { coin, required } : null;
}

/** Paying needs the required amount to be less than the account's balance (spec 03 §5), else 'Insufficient Balance'. */
export const canCover = (required: bigint, balance: bigint): boolean => required < balance;

/** What the invoice records on chain once the payment is broadcast (status sent_to_blockchain, the txid). */
export function recordFor(
  request: FioRequest & { content: FioRequestContent },
  payerAddress: string,
  txid: string,
  memo: string,
) {
  return {
    payerPublicAddress: payerAddress,
    payeePublicAddress: request.content.payeePublicAddress,
    amount: request.content.amount,
    chainCode: request.content.chainCode,
    tokenCode: request.content.tokenCode,
    status: 'sent_to_blockchain' as const,
    obtId: txid,
    memo,
  };
}
