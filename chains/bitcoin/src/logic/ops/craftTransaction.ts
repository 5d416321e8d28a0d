/** A send, with the previous transactions legacy inputs need attached. */
import { CoreError } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { buildSend, missingPrevTxids, type BtcBuiltTransaction, type SendDraft } from '../build';
import { buildContextOf, type BitcoinContext } from './context';
import { checkNetworkFee } from './networkFee';

/**
 * Attaches the previous transactions legacy inputs need. Without them (the server could not fetch them): 'Can not
 * fetch transaction data' (spec 02 §8), a catalogue message the user reads in their language.
 */
export async function withPrevTxs(
  ctx: BitcoinContext,
  built: BtcBuiltTransaction,
): Promise<BtcBuiltTransaction> {
  const { network, backend } = ctx;
  const missing = missingPrevTxids(network, built.unsigned.inputs);
  if (missing.length === 0) return built;
  const raw = await backend.getRawTransactions(missing).catch((e: unknown) => {
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number' && (status === 0 || status >= 500))
      throw new CoreError('cannotFetchTransactionData');
    throw e;
  });
  const inputs = built.unsigned.inputs.map((u) => (raw[u.txid] ? { ...u, txHex: raw[u.txid] } : u));
  const still = missingPrevTxids(network, inputs);
  if (still.length > 0) throw new CoreError('cannotFetchTransactionData');
  const signInputs = built.signRequest.inputs.map((i, n) => ({ ...i, txHex: inputs[n]!.txHex! }));
  return {
    ...built,
    unsigned: { ...built.unsigned, inputs },
    signRequest: { ...built.signRequest, inputs: signInputs },
  };
}

export async function craftTransaction(
  ctx: BitcoinContext,
  account: AccountDescriptor,
  draft: SendDraft,
): Promise<BtcBuiltTransaction> {
  await checkNetworkFee(ctx, draft.feeRate);
  return withPrevTxs(ctx, buildSend(await buildContextOf(ctx, account), draft));
}
