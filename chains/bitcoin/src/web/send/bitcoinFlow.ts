/**
 * The bitcoin family's part of the one send flow (send and speed-up): signing and broadcast through its
 * adapter, the transaction-log context and its fee prompts (the review rows are the adapter's).
 */
import { customFeeNeedsConfirmation, type FeeMode, type FeeTiers } from '@secux-companion/core';
import type { BtcBuiltTransaction } from '@secux-companion/chain-bitcoin';
import type { BitcoinChain } from '../chains';
import { broadcastWith, feeLimitPrompt, signWith } from '@secux-companion/web-kit/send/txFlow';
import type { FeePromptCheck, SendFlowFamily } from '@secux-companion/web-kit/send/useSendFlow';
import type { SendAccount } from '@secux-companion/web-kit/send/types';

/** Sign (one device signature per input), broadcast and log, through the bitcoin adapter. */
export function bitcoinSigning(
  chain: BitcoinChain,
  account: SendAccount,
): Pick<SendFlowFamily<BtcBuiltTransaction>, 'sign' | 'broadcast' | 'signatures'> {
  return {
    sign: (built, onProgress) => signWith(chain.adapter, built, onProgress),
    signatures: (built) => built.signRequest.inputs.length,
    broadcast: (tx, built) =>
      broadcastWith(chain.adapter, account.chain, tx, {
        kind: built.unsigned.kind,
        network: chain.networkId,
        from: account.path,
        bip: account.bip,
        to: built.review.recipient,
        amount: built.review.amount.toString(),
        fee: built.review.fee.toString(),
        feeRate: built.unsigned.feeRate,
        relatedTx: built.unsigned.relatedTx ?? null,
      }),
  };
}

/**
 * The bitcoin send's fee prompts: a custom rate above the estimate (medium tier) asks first, then the
 * fee-limit alert.
 */
export function bitcoinSendPrompts(
  account: Pick<SendAccount, 'chain'>,
  fee: () => { mode: FeeMode; tiers: FeeTiers<number> | undefined },
): FeePromptCheck<BtcBuiltTransaction>[] {
  return [
    (built) => {
      const { mode, tiers } = fee();
      return tiers && customFeeNeedsConfirmation(mode, built.unsigned.feeRate, tiers.medium)
        ? { kind: 'customFee' }
        : null;
    },
    (built) => feeLimitPrompt(account.chain, built.review.fee),
  ];
}
