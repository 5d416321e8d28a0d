/**
 * The EVM family's part of the one send flow: signing and broadcast through its adapter, the
 * transaction-log context, and its fee prompts in order:
 * 1. feeTooHigh (err-28): above 3 × the network's high fee (ETH/HME/XDC, not BSC; the adapter flags it);
 * 2. customFee: a custom gas price above the medium estimate (core's rule) asks for confirmation;
 * 3. the fee-limit alert of the remote config (coins with a price only).
 */
import { customFeeNeedsConfirmation, type FeeMode } from '@secux-companion/core';
import { tierPrice, type EvmBuiltTransaction, type EvmFeeTiers } from '@secux-companion/chain-evm';
import type { EvmChain } from '../chains';
import { broadcastWith, feeLimitPrompt, signWith } from '@secux-companion/web-kit/send/txFlow';
import type { FeePromptCheck, SendFlowFamily } from '@secux-companion/web-kit/send/useSendFlow';
import { showTransactionFailed, watchTransactionOutcome } from './watchOutcome';

/** Sign, broadcast and log through the EVM adapter; a broadcast transaction's receipt is then watched. */
export function evmSigning(
  chain: Pick<EvmChain, 'adapter' | 'spec'>,
  account: { path: string },
  onFailed: (hash: string) => void = showTransactionFailed,
): Pick<SendFlowFamily<EvmBuiltTransaction>, 'sign' | 'broadcast'> {
  return {
    sign: (built, onProgress) => signWith(chain.adapter, built, onProgress),
    broadcast: async (tx, built) => {
      const outcome = await broadcastWith(chain.adapter, chain.spec.symbol, tx, {
        kind: built.intent.kind,
        chainId: chain.spec.chainId,
        from: account.path,
        to: built.review.recipient,
        amount: built.review.amount.toString(),
        fee: built.review.fee.toString(),
        nonce: built.unsigned.nonce,
      });
      // Taken by the node; whether the chain runs it successfully shows in its receipt ('Transaction failed').
      if (outcome.kind === 'success') watchTransactionOutcome(chain.adapter, outcome.hash, onFailed);
      return outcome;
    },
  };
}

export function evmSendPrompts(
  chain: Pick<EvmChain, 'spec'>,
  fee: () => { mode: FeeMode; fees: EvmFeeTiers | undefined },
): FeePromptCheck<EvmBuiltTransaction>[] {
  return [
    (built) => (built.details.feeTooHigh ? { kind: 'feeTooHigh' } : null),
    (built) => {
      const { mode, fees } = fee();
      return fees &&
        customFeeNeedsConfirmation(mode, tierPrice(built.details.tier), tierPrice(fees.tiers.medium))
        ? { kind: 'customFee' }
        : null;
    },
    (built) => feeLimitPrompt(chain.spec.symbol, built.review.fee),
  ];
}
