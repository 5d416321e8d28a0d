/** Part of the ChainAdapter contract (../adapter.ts): fees. */
import { type FeeTiers } from '@secux-companion/core';
import type { AccountDescriptor } from './accounts';

// ---------------------------------------------------------------------------
// Fees
// ---------------------------------------------------------------------------

/**
 * The unit a family states its fee tiers in (its own unit, never converted to another family's):
 * - 'sat/vB'  BTC family (price per virtual byte; DOGE's fixed fee is per byte too)
 * - 'Gwei'    EVM (price per gas; 'wei' when a family needs integer prices)
 * - 'drops'   XRP (whole fee per transaction, 1e-6 XRP)
 * - 'stroops' Stellar (whole fee per operation, 1e-7 XLM)
 * - 'sun'     TRON (1e-6 TRX; bandwidth / energy burnt when the account's resources do not cover them)
 * - 'lamports' Solana base fee per signature; 'micro-lamports/CU' Solana priority price per compute unit
 * - 'BNB'     BNB Beacon fixed fee in its smallest unit (1e-8 BNB)
 * - 'SUF'     FIO (smallest unit, 1e-9 FIO; fee per action from /get_fee)
 */
export type FeeRateUnit =
  'sat/vB' | 'Gwei' | 'wei' | 'drops' | 'stroops' | 'sun' | 'lamports' | 'micro-lamports/CU' | 'BNB' | 'SUF';

export interface FeeOptions {
  /** High / medium / low in `unit` (per virtual byte, per gas, per compute unit, or per transaction). */
  tiers: FeeTiers<number>;
  unit: FeeRateUnit;
  /**
   * 'perSize': a price per size unit (vbyte, gas, compute unit); the fee is known after build (BTC family, EVM,
   * Solana priority). 'perTransaction': the tier is the whole fee (XRP, Stellar, BNB, FIO, TRON burn).
   * Absent means 'perSize'.
   */
  basis?: 'perSize' | 'perTransaction';
  /** Fixed part of every fee in the coin's smallest unit (Solana 5,000 lamports per signature). */
  base?: bigint;
  /** Extra fee when the recipient does not exist yet (TRON account creation ~1.1 TRX; Stellar doubles the fee). */
  accountCreationFee?: bigint;
  /** True when the fee UI is hidden for this chain (core's hiddenFee). */
  hidden: boolean;
}

export interface FeeRequest {
  /** The sending account (TRON: its bandwidth/energy decide the burn; Solana: its token accounts). */
  account?: AccountDescriptor;
  signal?: AbortSignal;
}
