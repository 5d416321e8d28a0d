/**
 * Account paths and account names (spec 01 §3, §4 "Account sync", §7 device calls, §9).
 */
import { BIP_LEGACY, BIP_TAPROOT, BIP_WRAPPED_SEGWIT, CHAINS, type Bip, type ChainSymbol } from './chains';

/** Receive chain index. */
export const RECEIVE_CHAIN = 0;
/** Address scan for a derived path goes up to 100 indexes. */
export const ADDRESS_SCAN_LIMIT = 100;
/** Default address-index suffix of an account path. */
export const DEFAULT_ADDRESS_SUFFIX = '/0/0';
/** Account names are at most 15 characters. */
export const ACCOUNT_NAME_MAX_LENGTH = 15;
/** EVM chain names longer than this are shortened. */
export const EVM_CHAIN_NAME_MAX_LENGTH = 14;

const HARDENED = "'";

/** Bare account path m/{bip}'/{coinType}'/{account}'. */
export function accountBasePath(bip: number, coinType: number, account: number): string {
  for (const [label, v] of [
    ['bip', bip],
    ['coinType', coinType],
    ['account', account],
  ] as const) {
    if (!Number.isInteger(v) || v < 0)
      throw new RangeError(`${label} must be a non-negative integer, got ${v}`);
  }
  return `m/${bip}${HARDENED}/${coinType}${HARDENED}/${account}${HARDENED}`;
}

/**
 * Account path as stored on an app account: hardened-path chains (SOL, XLM) get the
 * bare account path; every other chain appends '/0/' (the receive chain, to which an
 * address index is appended).
 */
export function accountPath(
  chain: ChainSymbol,
  account: number,
  bip: Bip = CHAINS[chain].defaultBip,
): string {
  const base = accountBasePath(bip, CHAINS[chain].coinType, account);
  return CHAINS[chain].hardenedPath ? base : `${base}/${RECEIVE_CHAIN}/`;
}

/** Strips an appended receive chain ('/0/', '/0') or trailing slash: back to m/x'/y'/z'. */
export function toBareAccountPath(path: string): string {
  const match = /^(m(?:\/\d+')+)(?:\/\d+)*\/?$/.exec(path.trim());
  if (!match?.[1]) throw new Error(`Invalid account path '${path}'`);
  const hardenedParts = match[1].split('/').slice(1);
  return `m/${hardenedParts.slice(0, 3).join('/')}`;
}

/**
 * Path handed to the device to sign a transaction (§7): hardened-path chains (SOL, XLM) sign
 * at their bare account path; every other chain at account path + '/0/0' (Tron's hardware
 * path, its '/0/' receive chain completed by address index 0, is the same path).
 */
export function signingPath(chain: ChainSymbol, path: string): string {
  const bare = toBareAccountPath(path);
  return CHAINS[chain].hardenedPath ? bare : bare + DEFAULT_ADDRESS_SUFFIX;
}

/** Full address path m/…'/change/index. */
export function addressPath(path: string, change: number, index: number): string {
  return `${toBareAccountPath(path)}/${change}/${index}`;
}

const BIP_NAME_SUFFIX: Partial<Record<number, string>> = {
  [BIP_LEGACY]: 'Legacy',
  [BIP_WRAPPED_SEGWIT]: 'SegWit',
  [BIP_TAPROOT]: 'Taproot',
};

/**
 * Default account name: symbol (or the chain's `accountNameLabel`: 'Stellar 1') and index+1
 * ('BTC 1'), suffixed Legacy (44), SegWit (49) or Taproot (86) unless the bip is the coin's default.
 */
export function defaultAccountName(
  chain: ChainSymbol,
  account: number,
  bip: number = CHAINS[chain].defaultBip,
): string {
  const number = account + 1;
  const label = CHAINS[chain].accountNameLabel ?? chain;
  const suffix = bip === CHAINS[chain].defaultBip ? undefined : BIP_NAME_SUFFIX[bip];
  return suffix ? `${label} ${number} ${suffix}` : `${label} ${number}`;
}

/**
 * EVM chain name for account names: above 14 characters it becomes the first word plus
 * the initials of the remaining words ('Avalanche C-Chain Mainnet' → 'Avalanche CM').
 */
export function shortenEvmChainName(chainName: string): string {
  const name = chainName.trim().replace(/\s+/g, ' ');
  if (name.length <= EVM_CHAIN_NAME_MAX_LENGTH) return name;
  const [first = '', ...rest] = name.split(' ');
  const initials = rest.map((w) => w.charAt(0).toUpperCase()).join('');
  return initials ? `${first} ${initials}` : first;
}

/**
 * Default EVM account name: shortened chain name + (account count + 1). The prefix is
 * cut so the result still fits the 15-character account-name limit.
 */
export function defaultEvmAccountName(chainName: string, accountCount: number): string {
  const number = ` ${accountCount + 1}`;
  const prefix = shortenEvmChainName(chainName)
    .slice(0, Math.max(0, ACCOUNT_NAME_MAX_LENGTH - number.length))
    .trimEnd();
  return prefix + number;
}

/** Recovered (device) account names keep only letters, digits, '_', '.' and '-'. */
export function sanitizeRecoveredName(name: string | undefined, fallback: string): string {
  const kept = (name ?? '').replace(/[^A-Za-z0-9_.-]/g, '');
  return kept === '' ? fallback : kept;
}
