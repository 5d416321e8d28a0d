/** A send, with the previous transactions legacy inputs need attached. */
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { buildSend, missingPrevTxids, type BtcBuiltTransaction, type SendDraft } from '../build';
import { buildContextOf, type BitcoinContext } from './context';
import { checkNetworkFee } from './networkFee';

/** Attaches the previous transactions legacy inputs need. */
export async function withPrevTxs(
  ctx: BitcoinContext,
  built: BtcBuiltTransaction,
): Promise<BtcBuiltTransaction> {
  const { network, backend } = ctx;
  const missing = missingPrevTxids(network, built.unsigned.inputs);
  if (missing.length === 0) return built;
  const raw = await backend.getRawTransactions(missing);
  const inputs = built.unsigned.inputs.map((u) => (raw[u.txid] ? { ...u, txHex: raw[u.txid] } : u));
  const still = missingPrevTxids(network, inputs);
  if (still.length > 0) throw new Error('Can not fetch transaction data');
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
