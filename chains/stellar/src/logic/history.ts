/**
 * Horizon payment records → Operations (stellar-horizon.md "/accounts/{id}/payments", `join=transactions` so each
 * record carries its transaction's fee, ledger and memo). Kinds kept: payment (native or an issued asset, shown as a
 * token), create_account (action 'createAccount'), account_merge (action 'accountMerge', amount not in the record),
 * path payments (the received amount). Records of failed transactions are dropped. Used by the product API's Stellar
 * family.
 */
import type { Operation } from '@secux-companion/chain-common';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Horizon's decimal amount ("12.5000000", 7 decimals) → stroops; undefined when malformed. */
export function stroopsOf(v: unknown): bigint | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{1,12})(?:\.(\d{1,7}))?$/.exec(v);
  if (!m) return undefined;
  return BigInt(m[1]!) * 10n ** 7n + BigInt((m[2] ?? '').padEnd(7, '0'));
}

/** A memo as Horizon gives it (hash / return in base64) → the text shown (id decimal, hash / return hex). */
export function horizonMemoText(memoType: unknown, memo: unknown): string | undefined {
  if (typeof memo !== 'string' || memoType === 'none' || memoType === undefined) return undefined;
  if (memoType === 'hash' || memoType === 'return') {
    const bytes = Buffer.from(memo, 'base64');
    return bytes.length === 32 ? `${memoType}:${bytes.toString('hex')}` : undefined;
  }
  return memo;
}

/** One payments record seen from `account`; null when it is not kept (failed, or not a payment-like record). */
export function operationFromHorizonPayment(record: unknown, account: string): Operation | null {
  if (!isObj(record)) return null;
  if (record.transaction_successful === false) return null;
  const tx = isObj(record.transaction) ? record.transaction : undefined;
  if (tx && tx.successful === false) return null;
  const hash = str(record.transaction_hash) ?? str(tx?.hash);
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) return null;
  let from: string | undefined;
  let to: string | undefined;
  let moved: bigint | undefined;
  let action: string | undefined;
  let token: Operation['token'];
  switch (record.type) {
    case 'create_account':
      from = str(record.funder);
      to = str(record.account);
      moved = stroopsOf(record.starting_balance);
      action = 'createAccount';
      break;
    case 'payment':
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      from = str(record.from);
      to = str(record.to);
      moved = stroopsOf(record.amount);
      if (record.asset_type !== 'native') {
        const code = str(record.asset_code) ?? '?';
        token = { contract: `${code}:${str(record.asset_issuer) ?? ''}`, symbol: code, decimals: 7 };
      }
      if (record.type !== 'payment') action = 'pathPayment';
      break;
    case 'account_merge':
      from = str(record.account);
      to = str(record.into);
      moved = 0n;
      action = 'accountMerge';
      break;
    default:
      return null;
  }
  if (!from || !to || moved === undefined) return null;
  const own = from === account;
  const direction = own && to === account ? 'self' : own ? 'out' : 'in';
  const time = str(record.created_at) ? Date.parse(String(record.created_at)) : NaN;
  const ledger = typeof tx?.ledger === 'number' && Number.isSafeInteger(tx.ledger) ? tx.ledger : null;
  const fee = stroopsFromInt(tx?.fee_charged) ?? 0n;
  const memo = horizonMemoText(tx?.memo_type, tx?.memo);
  const feePayer = str(tx?.fee_account) ?? str(tx?.source_account);
  return {
    hash: hash.toLowerCase(),
    time: Number.isFinite(time) ? time : null,
    blockHeight: ledger,
    direction,
    value: direction === 'self' ? 0n : moved,
    fee,
    senders: [{ address: from, value: moved, isOwn: own }],
    recipients: [{ address: to, value: moved, isOwn: to === account }],
    isOwnTransaction: feePayer === account || own,
    rbf: false,
    ...(token ? { token } : {}),
    ...(memo !== undefined ? { memo } : {}),
    ...(action ? { action } : {}),
  };
}

function stroopsFromInt(v: unknown): bigint | undefined {
  return typeof v === 'string' && /^\d{1,19}$/.test(v) ? BigInt(v) : undefined;
}
