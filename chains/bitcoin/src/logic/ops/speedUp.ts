/** Replace-by-fee of a pending own transaction, and child-pays-for-parent of one paying the account. */
import type { AccountDescriptor, Operation } from '@secux-companion/chain-common';
import type { BtcBuiltTransaction } from '../build';
import { isOperation, utxoTxOfOperation } from '../history';
import { buildCpfp, buildRbf, type CpfpDraft, type RbfDraft } from '../speedup';
import type { UtxoTx } from '../types';
import { buildContextOf, type BitcoinContext } from './context';
import { withPrevTxs } from './craftTransaction';
import { checkNetworkFee } from './networkFee';

/**
 * CPFP pays for the parent and every unconfirmed ancestor (the server's node RPC, else its walk through the mempool
 * service); the parent alone when unknown.
 */
async function ancestorsOf(ctx: BitcoinContext, parent: UtxoTx, draft: CpfpDraft): Promise<CpfpDraft> {
  const { backend } = ctx;
  if (draft.ancestorsFee !== undefined || !backend.getMempoolAncestors) return draft;
  try {
    const a = await backend.getMempoolAncestors(parent.hash);
    return { ...draft, ancestorsFee: a.fee, ancestorsVsize: a.vsize };
  } catch (e) {
    console.warn('unconfirmed ancestors unavailable', e);
    return draft;
  }
}

export async function speedUpRbf(
  ctx: BitcoinContext,
  account: AccountDescriptor,
  original: UtxoTx | Operation,
  draft: RbfDraft,
): Promise<BtcBuiltTransaction> {
  const tx = isOperation(original) ? utxoTxOfOperation(original) : original;
  await checkNetworkFee(ctx, draft.feeRate);
  return withPrevTxs(ctx, buildRbf(await buildContextOf(ctx, account), tx, draft));
}

export async function speedUpCpfp(
  ctx: BitcoinContext,
  account: AccountDescriptor,
  parent: UtxoTx | Operation,
  draft: CpfpDraft,
): Promise<BtcBuiltTransaction> {
  const tx = isOperation(parent) ? utxoTxOfOperation(parent) : parent;
  await checkNetworkFee(ctx, draft.targetFeeRate);
  return withPrevTxs(
    ctx,
    buildCpfp(await buildContextOf(ctx, account, false), tx, await ancestorsOf(ctx, tx, draft)),
  );
}
