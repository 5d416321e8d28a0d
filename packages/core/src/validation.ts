/**
 * Input validation rules (spec 01 §4 "Send flow", §5; spec 02 §5).
 * Pure functions: chain-specific address checks are injected by the caller.
 */
import Decimal from 'decimal.js';
import { amountSyntaxError, formatUnits, parseUnits } from './amount';
import { CHAINS, DUST_SATOSHIS, type ChainSymbol } from './chains';
import { issue, type Issue } from './errors';
import { ACCOUNT_NAME_MAX_LENGTH } from './paths';

// ---------------------------------------------------------------------------
// Recipient
// ---------------------------------------------------------------------------

export type RecipientStatus = 'ok' | 'empty' | 'invalid' | 'notSupport';

/** Chain address validator supplied by the chain adapter (true = valid). */
export type AddressValidator = (address: string) => boolean;

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

/** Removes a 'scheme:' prefix from pasted or scanned text (the part after the first colon). */
export function stripScheme(text: string): string {
  const colon = text.indexOf(':');
  return colon === -1 ? text : text.slice(colon + 1);
}

/**
 * Recipient rules (§5): empty → 'empty' (the form clears its errors); anything but ASCII
 * letters and digits (full-width characters, spaces, punctuation) → 'invalid'; the chain's
 * validator (skipped on testnets) → 'invalid'; the family's unsupported forms (the bitcoin
 * family's 'ltc1…', DOGE not 'D…' …) → 'notSupport'.
 * Pass the address trimmed (and in the family's form: chain-evm's normalizeEvmRecipient on XDC).
 */
export function validateRecipient(
  chain: ChainSymbol,
  address: string,
  validator: AddressValidator,
  unsupported: (address: string) => boolean = () => false,
): RecipientStatus {
  if (address === '') return 'empty';
  if (!ALPHANUMERIC.test(address)) return 'invalid';
  if (!CHAINS[chain].testnet && !validator(address)) return 'invalid';
  if (unsupported(address)) return 'notSupport';
  return 'ok';
}

/** Catalogue key shown for a recipient status, if any. */
export function recipientIssue(status: RecipientStatus): Issue | undefined {
  if (status === 'invalid') return issue('invalidAddress');
  if (status === 'notSupport') return issue('addressNotSupported');
  return undefined;
}

// ---------------------------------------------------------------------------
// Amount
// ---------------------------------------------------------------------------

const AMOUNT_TYPING = /^\d*\.?\d*$/;

/**
 * Amount input filter for typing and paste: returns the text to keep in the field.
 * Non-numeric input (anything but digits and one dot) is blocked (previous value kept);
 * the fraction is capped at `decimals` digits.
 */
export function filterAmountInput(next: string, previous: string, decimals: number): string {
  if (!AMOUNT_TYPING.test(next)) return previous;
  const dot = next.indexOf('.');
  if (dot === -1) return next;
  return next.slice(0, dot + 1 + decimals);
}

export interface AmountRules {
  decimals: number;
  /** Spendable balance in smallest units (coin, or token balance for tokens). */
  balance: bigint;
  /** Sending a token: too much gives err-31 instead of err-02. */
  isToken?: boolean;
  /** Coin symbol shown in the dust error. */
  coin: string;
  /** Dust limit in smallest units; defaults to 546 for bitcoin-family coins, none otherwise. */
  dust?: bigint;
}

export type AmountResult =
  | { ok: true; value: bigint }
  | {
      ok: false;
      issue: Issue;
      /** Counts as insufficient funds (negative or too much). */ insufficient: boolean;
    };

function defaultDust(coin: string): bigint | undefined {
  return (CHAINS as Record<string, (typeof CHAINS)[ChainSymbol] | undefined>)[coin]?.utxo
    ? DUST_SATOSHIS
    : undefined;
}

/**
 * Amount rules (§5): negative err-26; invalid characters, exponents or several dots err-34;
 * zero, empty or '0.' invalid; below dust err-32 (with coin); above balance err-02
 * (err-31 for tokens).
 */
export function validateAmount(text: string, rules: AmountRules): AmountResult {
  const fail = (i: Issue, insufficient = false): AmountResult => ({ ok: false, issue: i, insufficient });
  const reason = amountSyntaxError(text);
  if (reason === 'empty') return fail(issue('invalidAmount'));
  if (reason === 'negative') return fail(issue('err-26'), true);
  if (reason) return fail(issue('err-34'));
  let value: bigint;
  try {
    value = parseUnits(text, rules.decimals);
  } catch {
    return fail(issue('err-34'));
  }
  if (value <= 0n) return fail(issue('invalidAmount'));
  const dust = rules.dust ?? defaultDust(rules.coin);
  if (dust !== undefined && !rules.isToken && value < dust)
    return fail(issue('err-32', { coin: rules.coin }));
  if (value > rules.balance) return fail(issue(rules.isToken ? 'err-31' : 'err-02'), true);
  return { ok: true, value };
}

// ---------------------------------------------------------------------------
// Fee
// ---------------------------------------------------------------------------

export type FeeInputResult = { ok: true; value: Decimal } | { ok: false; issue: Issue };

/**
 * Fee text rules (§5): empty → 'inputEmpty'; not a number → 'invalidAmount'; negative err-27;
 * not an integer err-22 when `integerOnly` (UTXO chains and custom fees). Zero is allowed
 * here (a zero RBF fee is no error); the family's `feeMayBeZero` decides whether it blocks
 * ({@link canContinueSendDetails}).
 */
export function validateFeeInput(text: string, options: { integerOnly: boolean }): FeeInputResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, issue: issue('inputEmpty') };
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return { ok: false, issue: issue('invalidAmount') };
  const value = new Decimal(trimmed);
  if (value.isNegative() && !value.isZero()) return { ok: false, issue: issue('err-27') };
  if (options.integerOnly && !value.isInteger()) return { ok: false, issue: issue('err-22') };
  return { ok: true, value };
}

/** Fee must be an integer on UTXO chains and for custom fees. */
export function isFeeIntegerOnly(chain: ChainSymbol, custom: boolean): boolean {
  return CHAINS[chain].utxo || custom;
}

// ---------------------------------------------------------------------------
// Balances (bigint)
// ---------------------------------------------------------------------------

/** Balance minus amount must stay at or above the chain's minimum (XRP/XLM reserve ...). */
export function meetsMinimumBalance(balance: bigint, amount: bigint, minimum: bigint): boolean {
  return balance - amount >= minimum;
}

/** err-30 with the minimum and coin when the minimum balance is not kept. */
export function validateMinimumBalance(
  balance: bigint,
  amount: bigint,
  minimum: bigint,
  chain: { decimals: number; coin: string },
): Issue | undefined {
  if (meetsMinimumBalance(balance, amount, minimum)) return undefined;
  return issue('err-30', { minimum: formatUnits(minimum, chain.decimals), coin: chain.coin });
}

// "Transfer too large" (balance below amount + fee; a token's balance below its amount) and err-39 (TRX short of the
// recipient's account-creation fee, SOL of its rent) are each family's build rule, where the fee and the creation fee
// are known: insufficientBalance / err-31 / err-39 (issue 31 item 12).

// ---------------------------------------------------------------------------
// Tag / memo
// ---------------------------------------------------------------------------

/**
 * A tag or memo id typed in decimal digits: an unsigned integer at most `max`. The families' own limits (XRP
 * destination tag, Stellar id memo, BNB memo length) live in their chain packages.
 */
export function isUnsignedIntegerUpTo(text: string, max: bigint): boolean {
  return /^\d+$/.test(text) && BigInt(text) <= max;
}

// ---------------------------------------------------------------------------
// Account name
// ---------------------------------------------------------------------------

const ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9_.-]+( [A-Za-z0-9_.-]+)*$/;

/**
 * Account name (§5): 1-15 characters of letters, digits, '_', '.', '-' with single spaces
 * between words; unique among `existingNames` (exact match; `currentName` is ignored so a
 * rename to the same name passes). err-38 too long, err-29 otherwise invalid, err-25 duplicate.
 */
export function validateAccountName(
  name: string,
  existingNames: readonly string[],
  currentName?: string,
): Issue | undefined {
  if ([...name].length > ACCOUNT_NAME_MAX_LENGTH) return issue('err-38');
  if (!ACCOUNT_NAME_PATTERN.test(name)) return issue('err-29');
  if (name !== currentName && existingNames.includes(name)) return issue('err-25');
  return undefined;
}

// ---------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------

/** A contract already present on the account (case-insensitive). */
export function isDuplicateContract(contract: string, existing: readonly string[]): boolean {
  const c = contract.trim().toLowerCase();
  return existing.some((e) => e.trim().toLowerCase() === c);
}

/** Token names and symbols are stripped of non-ASCII characters. */
export function stripNonAscii(text: string): string {
  return text.replace(/[^\x20-\x7E]/g, '').trim();
}

// ---------------------------------------------------------------------------
// Send step 1 gate
// ---------------------------------------------------------------------------

export interface SendDetailsState {
  recipient: RecipientStatus;
  /** Fee in the chain's fee unit, already parsed. */
  fee: Decimal.Value;
  /** The fee text passed {@link validateFeeInput}. */
  feeInputValid: boolean;
  /** The family allows a fee of 0 (its adapter's `capabilities.feeMayBeZero`: TRON, Solana); absent: above 0. */
  feeMayBeZero?: boolean | undefined;
  /** Any amount-validation flag is set. */
  amountInvalid: boolean;
  /** The rules below belong to some families only (reserve, token fee, tag/memo); absent means it holds. */
  minimumBalanceMet?: boolean;
  tokenFeeCovered?: boolean;
  transferTooLarge?: boolean;
  tagMemoValid?: boolean;
}

/** Continue from Details is allowed only when every §4 "Send flow" step-1 condition holds. */
export function canContinueSendDetails(s: SendDetailsState): boolean {
  const fee = new Decimal(s.fee);
  return (
    s.recipient === 'ok' &&
    s.feeInputValid &&
    !fee.isNegative() &&
    s.minimumBalanceMet !== false &&
    (s.feeMayBeZero === true || fee.greaterThan(0)) &&
    s.tokenFeeCovered !== false &&
    s.transferTooLarge !== true &&
    s.tagMemoValid !== false &&
    !s.amountInvalid
  );
}
