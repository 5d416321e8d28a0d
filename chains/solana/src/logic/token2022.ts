/**
 * SPL Token and Token-2022 (Token Extensions) rules: which program a mint belongs to, the transfer fee of a
 * TransferFeeConfig mint, NonTransferable mints, memo-required recipients, and the real size of a new associated
 * token account (its rent is read live for that size, never hard-coded).
 */
import { TOKEN_2022_PROGRAM, TOKEN_ACCOUNT_SIZE, TOKEN_PROGRAM } from './constants';

export type TokenProgramName = 'spl-token' | 'spl-token-2022';

/** Token-2022 is recognised by its fixed program id (spec 02). */
export function isToken2022(programId: string): boolean {
  return programId === TOKEN_2022_PROGRAM;
}

export function programIdOf(program: TokenProgramName): string {
  return program === 'spl-token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM;
}

export function programNameOf(programId: string): TokenProgramName | null {
  if (programId === TOKEN_PROGRAM) return 'spl-token';
  if (programId === TOKEN_2022_PROGRAM) return 'spl-token-2022';
  return null;
}

/** The transfer fee in force: basis points of the amount, capped at maximumFee (token units). */
export interface TransferFee {
  basisPoints: number;
  maximumFee: bigint;
}

/** Token-2022 TransferFeeConfig: fee = min(ceil(amount × bps / 10,000), maximumFee), withheld from what arrives. */
export function transferFeeOf(amount: bigint, fee: TransferFee | null | undefined): bigint {
  if (!fee || fee.basisPoints <= 0 || amount <= 0n) return 0n;
  const raw = (amount * BigInt(fee.basisPoints) + 9_999n) / 10_000n;
  return raw > fee.maximumFee ? fee.maximumFee : raw;
}

/**
 * Account extensions a Token-2022 account of a mint must carry (spl-token-2022
 * `get_required_init_account_extensions`), with their data lengths in bytes.
 */
const ACCOUNT_EXTENSION_OF_MINT: Readonly<Record<string, { name: string; length: number }>> = {
  transferFeeConfig: { name: 'transferFeeAmount', length: 8 },
  nonTransferable: { name: 'nonTransferableAccount', length: 0 },
  transferHook: { name: 'transferHookAccount', length: 1 },
  pausableConfig: { name: 'pausableAccount', length: 0 },
};

/**
 * Size (bytes) of the associated token account created for a mint. SPL Token: 165. Token-2022: 165 + 1 (account
 * type) + TLV entries (2-byte type + 2-byte length + data) — ImmutableOwner (always, set by the ATA program) and the
 * account extensions the mint's extensions require. Larger accounts need more rent, so the rent is asked for this size.
 */
export function associatedAccountSize(program: TokenProgramName, mintExtensions: readonly string[]): number {
  if (program === 'spl-token') return TOKEN_ACCOUNT_SIZE;
  let size = TOKEN_ACCOUNT_SIZE + 1 + 4; // account type byte + ImmutableOwner (length 0)
  for (const e of new Set(mintExtensions)) {
    const account = ACCOUNT_EXTENSION_OF_MINT[e];
    if (account) size += 4 + account.length;
  }
  return size;
}
