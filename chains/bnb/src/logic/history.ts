/**
 * BNB Beacon Chain archive answers (reference/apis/bnb-beacon-chain.md) mapped to domain values: amounts are
 * "fixed8" decimal strings ("1.23450000") turned into the integer unit 1e-8 BNB, and transactions of
 * `GET /api/v1/transactions?address=…` become Operations. Unreadable values are refused, never guessed.
 */
import type { Direction, Operation } from '@secux-companion/chain-common';

/** The largest amount accepted (all BNB ever issued is 2e8 BNB = 2e16 units; anything far above is nonsense). */
export const BNB_MAX_UNITS = 10n ** 18n;

/** "1.23450000" (at most 8 decimals, no sign, no exponent) → 123450000n; undefined when not such a string. */
export function parseFixed8(v: unknown): bigint | undefined {
  const s = typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v.toFixed(8) : v;
  if (typeof s !== 'string') return undefined;
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(s.trim());
  if (!m) return undefined;
  const units = BigInt(m[1]!) * 100_000_000n + BigInt((m[2] ?? '').padEnd(8, '0'));
  return units <= BNB_MAX_UNITS ? units : undefined;
}

/** One balance line of the account answer. */
export interface BnbAssetBalance {
  symbol: string;
  free: bigint;
  locked: bigint;
  frozen: bigint;
}

/** The BNB held by an account: free + locked + frozen of the `BNB` line (0 when it has none). */
export function bnbBalance(balances: readonly BnbAssetBalance[]): bigint {
  const b = balances.find((x) => x.symbol === 'BNB');
  return b ? b.free + b.locked + b.frozen : 0n;
}

const HASH = /^[0-9A-Fa-f]{64}$/;

function time(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0)
    return v < 1e12 ? Math.round(v * 1000) : Math.round(v);
  if (typeof v === 'string' && v) {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/**
 * One archive transaction as an Operation of `address`, or undefined when it is unreadable. Transfers of BNB carry
 * the value; other assets (BEP2 tokens) come as token operations with 8 decimals; a non-zero `code` is a failed
 * transaction.
 */
export function operationFromArchiveTx(raw: unknown, address: string): Operation | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const t = raw as Record<string, unknown>;
  if (typeof t.txHash !== 'string' || !HASH.test(t.txHash)) return undefined;
  const from = typeof t.fromAddr === 'string' ? t.fromAddr : '';
  const to = typeof t.toAddr === 'string' ? t.toAddr : '';
  const value = t.value === undefined || t.value === null || t.value === '' ? 0n : parseFixed8(t.value);
  const fee = t.txFee === undefined || t.txFee === null || t.txFee === '' ? 0n : parseFixed8(t.txFee);
  if (value === undefined || fee === undefined) return undefined;
  const height =
    typeof t.blockHeight === 'number' && Number.isSafeInteger(t.blockHeight) && t.blockHeight >= 0
      ? t.blockHeight
      : null;
  const out = from === address;
  const inbound = to === address;
  const direction: Direction = out && inbound ? 'self' : out ? 'out' : 'in';
  const asset = typeof t.txAsset === 'string' && /^[A-Z0-9.-]{1,20}$/i.test(t.txAsset) ? t.txAsset : 'BNB';
  const memo = typeof t.memo === 'string' && t.memo ? t.memo.slice(0, 128) : undefined;
  const failed = typeof t.code === 'number' && t.code !== 0;
  return {
    hash: t.txHash.toUpperCase(),
    time: time(t.timeStamp),
    blockHeight: height,
    direction,
    value: direction === 'self' ? 0n : value,
    fee,
    senders: from ? [{ address: from, value, isOwn: out }] : [],
    recipients: to ? [{ address: to, value, isOwn: inbound }] : [],
    isOwnTransaction: out,
    rbf: false,
    ...(asset !== 'BNB' ? { token: { contract: asset, symbol: asset.split('-')[0]!, decimals: 8 } } : {}),
    ...(memo ? { memo } : {}),
    ...(failed ? { failed } : {}),
  };
}
