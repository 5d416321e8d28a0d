/**
 * FIO rules (spec 03 §5, §9): public keys, crypto handles, domains, units and the max_fee of each action.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { base58 } from '@scure/base';

export * from './names';

/** SUF per FIO (spec 03 §9: fees are held in smallest units and shown divided by 10^9). */
export const SUF_PER_FIO = 1_000_000_000n;
export const FIO_DECIMALS = 9;
export const FIO_COIN_TYPE = 235;
export const FIO_PUBLIC_KEY_LENGTH = 53;
/** One add-bundled purchase buys 100 transactions; the alert shows under 10. */
export const BUNDLE_SET_SIZE = 100;
export const LOW_BUNDLE_ALERT = 10;
/** A renewal extends the expiration by 365 days. */
export const RENEW_DAYS = 365;
/** The default handle domain, always listed first (spec 03 §2). */
export const DEFAULT_HANDLE_DOMAIN = 'secux';
/** Availability checks are debounced by 1000 ms after typing. */
export const NAME_CHECK_DEBOUNCE_MS = 1000;
/** FIO node calls time out after 20 s. */
export const FIO_TIMEOUT_MS = 20_000;
/** Lists (domains, handles, requests) are read 100 at a time; history 20 per page. */
export const FIO_LIST_LIMIT = 100;
export const FIO_HISTORY_PAGE = 20;

/**
 * A FIO public key: exactly 53 characters, the 'FIO' prefix, and the rest base58 of a compressed secp256k1 point
 * followed by the first 4 bytes of its RIPEMD-160 (the legacy EOS key form).
 */
export function isValidFioPublicKey(key: string): boolean {
  if (typeof key !== 'string' || key.length !== FIO_PUBLIC_KEY_LENGTH || !key.startsWith('FIO')) return false;
  let raw: Uint8Array;
  try {
    raw = base58.decode(key.slice(3));
  } catch {
    return false;
  }
  if (raw.length !== 37) return false;
  const point = raw.subarray(0, 33);
  const check = ripemd160(point).subarray(0, 4);
  if (!check.every((b, i) => b === raw[33 + i])) return false;
  try {
    secp256k1.Point.fromBytes(point);
    return true;
  } catch {
    return false;
  }
}

/** The 33-byte compressed point of a valid FIO public key (hex). */
export function fioPublicKeyHex(key: string): string {
  if (!isValidFioPublicKey(key)) throw new Error('Invalid FIO Public Key');
  return Array.from(base58.decode(key.slice(3)).subarray(0, 33), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** The FIO public key of a compressed secp256k1 point. */
export function fioPublicKeyFromPoint(point33: Uint8Array): string {
  const check = ripemd160(point33).subarray(0, 4);
  return `FIO${base58.encode(Uint8Array.from([...point33, ...check]))}`;
}

/**
 * The actions this wallet signs: contract, action name, /get_fee end point, and whether the fee is paid with a
 * bundled transaction (assign-address actions: max_fee 0).
 */
export const FIO_ACTIONS = {
  transferTokens: {
    account: 'fio.token',
    name: 'trnsfiopubky',
    endPoint: 'transfer_tokens_pub_key',
    bundled: false,
  },
  registerFioDomain: {
    account: 'fio.address',
    name: 'regdomain',
    endPoint: 'register_fio_domain',
    bundled: false,
  },
  registerFioAddress: {
    account: 'fio.address',
    name: 'regaddress',
    endPoint: 'register_fio_address',
    bundled: false,
  },
  renewFioDomain: {
    account: 'fio.address',
    name: 'renewdomain',
    endPoint: 'renew_fio_domain',
    bundled: false,
  },
  transferFioDomain: {
    account: 'fio.address',
    name: 'xferdomain',
    endPoint: 'transfer_fio_domain',
    bundled: false,
  },
  addBundledTransactions: {
    account: 'fio.address',
    name: 'addbundles',
    endPoint: 'add_bundled_transactions',
    bundled: false,
  },
  addPublicAddress: {
    account: 'fio.address',
    name: 'addaddress',
    endPoint: 'add_pub_address',
    bundled: true,
  },
  removePublicAddresses: {
    account: 'fio.address',
    name: 'remaddress',
    endPoint: 'remove_pub_address',
    bundled: true,
  },
  requestFunds: {
    account: 'fio.reqobt',
    name: 'newfundsreq',
    endPoint: 'new_funds_request',
    bundled: true,
  },
  rejectFundsRequest: {
    account: 'fio.reqobt',
    name: 'rejectfndreq',
    endPoint: 'reject_funds_request',
    bundled: true,
  },
  cancelFundsRequest: {
    account: 'fio.reqobt',
    name: 'cancelfndreq',
    endPoint: 'cancel_funds_request',
    bundled: true,
  },
  recordObtData: {
    account: 'fio.reqobt',
    name: 'recordobt',
    endPoint: 'record_obt_data',
    bundled: true,
  },
  stakeFioTokens: {
    account: 'fio.staking',
    name: 'stakefio',
    endPoint: 'stake_fio_tokens',
    bundled: true,
  },
  unStakeFioTokens: {
    account: 'fio.staking',
    name: 'unstakefio',
    endPoint: 'unstake_fio_tokens',
    bundled: true,
  },
  proxyVote: {
    account: 'eosio',
    name: 'voteproxy',
    endPoint: 'proxy_vote',
    bundled: true,
  },
} as const;
export type FioActionKind = keyof typeof FIO_ACTIONS;
export type FioEndPoint = (typeof FIO_ACTIONS)[FioActionKind]['endPoint'];
export const FIO_END_POINTS: readonly FioEndPoint[] = Object.values(FIO_ACTIONS).map((a) => a.endPoint);

/** The assign-address actions the spec signs with max_fee 0 (spec 03 §9): always a bundled transaction. */
const ZERO_MAX_FEE: ReadonlySet<FioActionKind> = new Set<FioActionKind>([
  'addPublicAddress',
  'removePublicAddresses',
]);

/**
 * The max_fee of an action (spec 03 §7, §9): 0 for assign-address; fee × sets for add-bundled; the /get_fee result
 * otherwise. For the request, record, stake, unstake and proxy-vote actions /get_fee is asked with the handle and
 * answers 0 while the handle has bundled transactions (the spec's max_fee 0), and the fee once they are spent or when
 * the account has no handle — so the action still goes through, paying the fee the app showed.
 */
export function maxFeeFor(kind: FioActionKind, fee: bigint, bundleSets = 1): bigint {
  if (fee < 0n) throw new RangeError('A fee cannot be negative');
  if (ZERO_MAX_FEE.has(kind)) return 0n;
  if (kind === 'addBundledTransactions') {
    if (!Number.isSafeInteger(bundleSets) || bundleSets < 1) throw new RangeError('bundle sets must be ≥ 1');
    return fee * BigInt(bundleSets);
  }
  return fee;
}

/** A SUF amount as FIO text (÷ 10^9, trailing zeros dropped): 2000000000n → '2'. */
export function formatSuf(suf: bigint): string {
  const neg = suf < 0n;
  const v = neg ? -suf : suf;
  const whole = v / SUF_PER_FIO;
  const frac = (v % SUF_PER_FIO).toString().padStart(FIO_DECIMALS, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** Shortens a long address for display: longer than 32 → first 13 … last 13 (spec 03 §2). */
export function shortenAddress(address: string): string {
  return address.length > 32 ? `${address.slice(0, 13)}...${address.slice(-13)}` : address;
}

/** The expiration after a renewal: +365 days. */
export function renewedExpiration(expiration: Date): Date {
  return new Date(expiration.getTime() + RENEW_DAYS * 86_400_000);
}

/** Payment requests (spec 03 §5, §9): memo at most 200 characters, amounts at most 15 decimals, memo shown in 50s. */
export const REQUEST_MEMO_MAX = 200;
export const REQUEST_AMOUNT_DECIMALS = 15;
export const MEMO_CHUNK = 50;
/** Unstaked FIO stays locked 7 days (spec 03 §4, §9). */
export const UNSTAKE_LOCK_DAYS = 7;

/**
 * Bundled transactions an action spends from the handle (FIO charges 2 for a new request and for a record, 1 for
 * every other bundle-eligible action); 0 for actions paid with a fee.
 */
export function bundlesNeeded(kind: FioActionKind): number {
  if (kind === 'requestFunds' || kind === 'recordObtData') return 2;
  return FIO_ACTIONS[kind].bundled ? 1 : 0;
}

/**
 * What the request amount input keeps (spec 03 §5): a negative value is cleared; otherwise digits and the first '.',
 * at most 15 decimals (cut, not rounded). '.5' becomes '0.5'.
 */
export function cleanRequestAmount(text: string): string {
  const t = text.trim();
  if (t.startsWith('-')) return '';
  let out = '';
  let dot = false;
  let decimals = 0;
  for (const c of t) {
    if (c >= '0' && c <= '9') {
      if (dot) {
        if (decimals >= REQUEST_AMOUNT_DECIMALS) continue;
        decimals += 1;
      }
      out += c;
    } else if (c === '.' && !dot) {
      dot = true;
      out += out === '' ? '0.' : '.';
    }
  }
  return out;
}

/** A memo as the 50-character chunks it is displayed in ('' → none). */
export function memoChunks(memo: string): string[] {
  const chars = Array.from(memo);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += MEMO_CHUNK) out.push(chars.slice(i, i + MEMO_CHUNK).join(''));
  return out;
}

/** A payment request's status as FIO stores it. */
export type FioRequestStatus = 'requested' | 'sent_to_blockchain' | 'rejected' | 'cancelled';
export const FIO_REQUEST_STATUSES: readonly FioRequestStatus[] = [
  'requested',
  'sent_to_blockchain',
  'rejected',
  'cancelled',
];

export interface FioRequestStatusView {
  label: 'request' | 'pending' | 'fulfilled' | 'rejected' | 'cancelled';
  colour: 'white' | 'green' | 'orange' | 'grey';
}

/**
 * The label and colour of a status (spec 03 §4): requested is 'Request' when sent and 'Pending' when received
 * (white), sent_to_blockchain 'Fulfilled' (green), rejected (orange), cancelled (grey).
 */
export function requestStatusView(status: FioRequestStatus, type: 'sent' | 'received'): FioRequestStatusView {
  switch (status) {
    case 'requested':
      return { label: type === 'sent' ? 'request' : 'pending', colour: 'white' };
    case 'sent_to_blockchain':
      return { label: 'fulfilled', colour: 'green' };
    case 'rejected':
      return { label: 'rejected', colour: 'orange' };
    case 'cancelled':
      return { label: 'cancelled', colour: 'grey' };
  }
}

/** Only requested ones are pending; the rest are history. */
export const isPendingRequest = (r: { status: FioRequestStatus }): boolean => r.status === 'requested';

/** Requests on chains the wallet cannot pay (ADA: 'not supported') can be rejected but not paid. */
export function requestPayable(chainCode: string): boolean {
  return chainCode.trim().toUpperCase() !== 'ADA';
}

const FIO_AMOUNT = new RegExp(`^(\\d+)(?:\\.(\\d{1,${FIO_DECIMALS}}))?$`);

/** A FIO amount as text ('1.5', at most 9 decimals) in SUF. Throws a RangeError on anything else. */
export function parseFio(text: string): bigint {
  const m = FIO_AMOUNT.exec(text.trim());
  if (!m) throw new RangeError(`Not a FIO amount: ${text}`);
  return BigInt(m[1]!) * SUF_PER_FIO + BigInt((m[2] ?? '').padEnd(FIO_DECIMALS, '0'));
}

/**
 * Why a stake (or unstake) amount cannot be used, or null (spec 03 §5): '' or not a FIO amount → 'invalid'; a
 * trailing non-digit ('1.') → 'trailingNonDigit'; a leading zero before another digit ('05') → 'leadingZero' ('0.5'
 * is a number, not a leading zero); zero → 'invalid'; above `max` (the available balance when staking, the staked
 * balance when unstaking) → 'insufficient' ('Insufficient Balance').
 */
export function stakeAmountProblem(
  text: string,
  max: bigint,
): 'insufficient' | 'leadingZero' | 'trailingNonDigit' | 'invalid' | null {
  const t = text.trim();
  if (t === '') return 'invalid';
  if (!/[0-9]$/.test(t)) return 'trailingNonDigit';
  if (/^0[0-9]/.test(t)) return 'leadingZero';
  if (!FIO_AMOUNT.test(t)) return 'invalid';
  const suf = parseFio(t);
  if (suf === 0n) return 'invalid';
  return suf > max ? 'insufficient' : null;
}

/** When unstaked FIO unlocks: 7 days after the unstake. */
export function unlockDate(from: Date): Date {
  return new Date(from.getTime() + UNSTAKE_LOCK_DAYS * 86_400_000);
}
