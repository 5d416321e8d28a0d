/**
 * The bitcoin family's part of the one send flow (send and speed-up): signing and broadcast through its
 * adapter, the transaction-log context, its fee prompts and review rows.
 */
import { customFeeNeedsConfirmation, type FeeMode, type FeeTiers } from '@secux-companion/core';
import type { BtcBuiltTransaction } from '@secux-companion/chain-bitcoin';
import type { TFunction } from 'i18next';
import type { BitcoinChain } from '../../../chains/bitcoin';
import type { ReviewRow } from '../../../send/SendSteps';
import { broadcastWith, feeLimitPrompt, signWith } from '../../../send/txFlow';
import type { FeePromptCheck, SendFlowFamily } from '../../../send/useSendFlow';
import type { SendAccount } from '../../../send/types';

/**
 * BIP-125 signalling of a new send: the network's default (BTC/TBTC), and on the local Litecoin regtest,
 * where the end-to-end tests speed sends up.
 */
export function rbfFlag(chain: Pick<BitcoinChain, 'networkId'> & { adapter: { network: { rbf: boolean } } }): boolean {
  return chain.adapter.network.rbf || chain.networkId === 'LTC_REGTEST';
}

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

/**
 * Review rows of a bitcoin-family transaction (send and speed-up); `money` formats an amount with its
 * fiat value; `feeTestId` names the fee row.
 */
export function bitcoinReviewRows(
  t: TFunction,
  built: BtcBuiltTransaction,
  money: (v: bigint) => string,
  feeTestId: string,
): (ReviewRow | false)[] {
  const r = built.review;
  return [
    { label: t('send.recipient'), value: r.recipient, testId: 'review-recipient', breakAll: true },
    { label: t('send.amountLabel'), value: money(r.amount), testId: 'review-amount' },
    {
      label: t('send.networkFee'),
      value: `${money(r.fee)} · ${t('send.feeRate', { rate: r.feeRate ?? 0 })}`,
      testId: feeTestId,
    },
    !!r.change && { label: t('send.change'), value: money(r.change.amount) },
    { label: t('send.total'), value: money(r.total), testId: 'review-total' },
  ];
}
