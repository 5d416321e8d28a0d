/**
 * FIO rules (spec 03 §5, §9): public keys, crypto handles, domains, units and the max_fee of each action.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { base58 } from '@scure/base';

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

const PART = /^[a-zA-Z0-9](?:[a-zA-Z0-9]|-(?=[a-zA-Z0-9]))*$/;

/**
 * A crypto handle name@domain: 3 to 64 characters in all, alphanumerics and single hyphens, no leading or trailing
 * hyphen in either part.
 */
export function isValidHandle(handle: string): boolean {
  if (typeof handle !== 'string' || handle.length < 3 || handle.length > 64) return false;
  const parts = handle.split('@');
  if (parts.length !== 2) return false;
  const [name, domain] = parts as [string, string];
  return PART.test(name) && PART.test(domain);
}

/** A FIO domain: 1 to 62 characters, alphanumerics and single hyphens, no leading or trailing hyphen. */
export function isValidDomain(domain: string): boolean {
  return typeof domain === 'string' && domain.length >= 1 && domain.length <= 62 && PART.test(domain);
}

/** 'name@domain' looks like a handle (the send forms resolve these). */
export const looksLikeHandle = (s: string): boolean => s.includes('@') && isValidHandle(s.trim());

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
} as const;
export type FioActionKind = keyof typeof FIO_ACTIONS;
export type FioEndPoint = (typeof FIO_ACTIONS)[FioActionKind]['endPoint'];
export const FIO_END_POINTS: readonly FioEndPoint[] = Object.values(FIO_ACTIONS).map((a) => a.endPoint);

/**
 * The max_fee of an action (spec 03 §7, §9): 0 for assign-address (and request) actions, which use a bundled
 * transaction; fee × sets for add-bundled; the /get_fee result otherwise.
 */
export function maxFeeFor(kind: FioActionKind, fee: bigint, bundleSets = 1): bigint {
  if (fee < 0n) throw new RangeError('A fee cannot be negative');
  if (FIO_ACTIONS[kind].bundled) return 0n;
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
