import { describe, expect, it } from 'vitest';
import { checkSolanaPath, isValidSolanaAddress, validateSolanaAddress } from './address';
import { FALLBACK_MICRO_LAMPORTS, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './constants';
import { SolanaError } from './errors';
import { computeUnitLimit, priorityFee, priorityPrice, transactionFee } from './fees';
import { associatedAccountSize, isToken2022, programNameOf, transferFeeOf } from './token2022';

describe('addresses and paths', () => {
  it('accepts base58 that decodes to 32 bytes', () => {
    expect(isValidSolanaAddress('GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL')).toBe(true);
    expect(isValidSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(validateSolanaAddress('GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL')).toBe('ok');
  });
  it('refuses base58 of another length, non-base58 characters and EVM addresses', () => {
    expect(isValidSolanaAddress('1'.repeat(33))).toBe(false); // 33 zero bytes
    expect(isValidSolanaAddress('1'.repeat(31))).toBe(false);
    expect(isValidSolanaAddress('0OIlGjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA')).toBe(false);
    expect(validateSolanaAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('invalid');
    expect(validateSolanaAddress('')).toBe('empty');
  });
  it("'Invalid account path' for a path longer than four segments", () => {
    expect(checkSolanaPath("m/44'/501'/0'")).toBe("m/44'/501'/0'");
    expect(() => checkSolanaPath("m/44'/501'/0'/0'")).toThrow('Invalid account path');
    try {
      checkSolanaPath("m/44'/501'/0'/0/0");
    } catch (e) {
      expect(e).toBeInstanceOf(SolanaError);
      expect((e as SolanaError).code).toBe('invalidAccountPath');
    }
  });
});

describe('fees', () => {
  it('prices at the median of the non-zero recent fees', () => {
    expect(priorityPrice([0, 0, 100, 300, 200])).toBe(200);
    expect(priorityPrice([10, 20])).toBe(15);
  });
  it('falls back to the spec 1e6 micro-lamports when nothing was paid or the call failed', () => {
    expect(priorityPrice([0, 0])).toBe(FALLBACK_MICRO_LAMPORTS);
    expect(priorityPrice(null)).toBe(1_000_000);
  });
  it('takes the simulated units plus a margin, capped, or the default per instruction', () => {
    expect(computeUnitLimit(450, 1)).toBe(1540);
    expect(computeUnitLimit(null, 3)).toBe(600_000);
    expect(computeUnitLimit(5_000_000, 1)).toBe(1_400_000);
  });
  it('is the base fee per signature plus ceil(limit × price / 1e6)', () => {
    expect(priorityFee(1540, 1_000_000)).toBe(1540n);
    expect(priorityFee(1, 1)).toBe(1n);
    expect(transactionFee(1, 1540, 1_000_000)).toBe(6540n);
  });
});

describe('tokens', () => {
  it('recognises Token-2022 by its program id', () => {
    expect(isToken2022(TOKEN_2022_PROGRAM)).toBe(true);
    expect(isToken2022(TOKEN_PROGRAM)).toBe(false);
    expect(programNameOf(TOKEN_2022_PROGRAM)).toBe('spl-token-2022');
    expect(programNameOf('11111111111111111111111111111111')).toBeNull();
  });
  it('computes the transfer fee: basis points rounded up, capped at the maximum', () => {
    const fee = { basisPoints: 100, maximumFee: 5_000n };
    expect(transferFeeOf(1_000n, fee)).toBe(10n);
    expect(transferFeeOf(1_001n, fee)).toBe(11n);
    expect(transferFeeOf(10_000_000n, fee)).toBe(5_000n);
    expect(transferFeeOf(1_000n, null)).toBe(0n);
  });
  it('sizes a new token account by its program and the extensions the mint requires', () => {
    expect(associatedAccountSize('spl-token', [])).toBe(165);
    expect(associatedAccountSize('spl-token-2022', [])).toBe(170);
    expect(associatedAccountSize('spl-token-2022', ['transferFeeConfig'])).toBe(182);
    expect(associatedAccountSize('spl-token-2022', ['transferFeeConfig', 'metadataPointer'])).toBe(182);
  });
});
