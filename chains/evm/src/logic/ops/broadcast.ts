/** Broadcasting a signed transaction and asking what became of it. */
import type { SignedTransaction } from '@secux-companion/chain-common';
import type { Hex } from 'viem';
import type { TransactionOutcome } from '../types';
import type { EvmContext } from './context';

export async function broadcast({ backend }: EvmContext, tx: SignedTransaction): Promise<string> {
  return backend.broadcast((tx.raw.startsWith('0x') ? tx.raw : `0x${tx.raw}`) as Hex);
}

/** 'pending' (no receipt yet, or no way to ask), 'confirmed' or 'failed' (mined with receipt status 0). */
export async function transactionOutcome({ backend }: EvmContext, hash: string): Promise<TransactionOutcome> {
  return backend.getReceiptStatus ? backend.getReceiptStatus(hash) : 'pending';
}
