import { describe, expect, it } from 'vitest';
import {
  blockhashSecondsLeft,
  sameDeviceToken,
  solanaDeleteIssue,
  solanaMemoRule,
  SOLANA_MEMO_KIND,
} from './rules';

describe('Solana screen rules', () => {
  it('a memo is text of at most 256 UTF-8 bytes (multi-byte characters count by their bytes), never blank', () => {
    expect(SOLANA_MEMO_KIND.maxBytes).toBe(256);
    expect(solanaMemoRule('invoice 42')).toBeUndefined();
    expect(solanaMemoRule('a'.repeat(256))).toBeUndefined();
    expect(solanaMemoRule('a'.repeat(257))).toEqual({ code: 'invalidTagOrMemo' });
    expect(solanaMemoRule('備'.repeat(85))).toBeUndefined(); // 255 bytes
    expect(solanaMemoRule('備'.repeat(86))).toEqual({ code: 'invalidTagOrMemo' }); // 258 bytes, 86 characters
    expect(solanaMemoRule('   ')).toEqual({ code: 'invalidTagOrMemo' });
  });

  it('an account with SOL, history or tokens cannot be deleted', () => {
    expect(solanaDeleteIssue({ balance: 1n, txCount: 0 })).toEqual({ code: 'cannotDeleteActiveAccount' });
    expect(solanaDeleteIssue({ balance: 0n, txCount: 2 })?.code).toBe('err-11');
    expect(solanaDeleteIssue({ balance: 0n, txCount: 0 }, 1)?.code).toBe('err-11');
    expect(solanaDeleteIssue({ balance: 0n, txCount: 0 })).toBeUndefined();
  });
  it("matches a mint with the device's 42-character token entry", () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(sameDeviceToken(mint, mint.slice(0, 42))).toBe(true);
    expect(sameDeviceToken(mint, 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'.slice(0, 42))).toBe(false);
  });
  it('a blockhash has 400 ms per block left, never below 0', () => {
    expect(blockhashSecondsLeft(300, 150)).toBe(60);
    expect(blockhashSecondsLeft(300, 310)).toBe(0);
  });
});
