/**
 * The Stellar send in the one send flow: recipient (G… or a muxed M…, shown as its base account and id), amount,
 * send-all (balance − minimum balance − fee), the memo with its type (MemoTagField: text, id, hash, return; mandatory
 * with the reason when the recipient declares SEP-29 memo_required), the network fee shown but not selectable
 * (hidden-fee chain) and doubled when the payment creates the recipient's account (createAccount, said in the
 * review), a first payment below a new account's minimum refused before signing (the network would answer
 * op_low_reserve), err-30 below the minimum balance.
 */
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CHAINS, recipientIssue, validateAmount, validateMinimumBalance } from '@secux-companion/core';
import type { StellarFamily } from '@secux-companion/chain-stellar';
import type { BuiltTransaction } from '@secux-companion/chain-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountText, errorText, issueText } from '@secux-companion/web-kit/lib/format';
import {
  EMPTY_MEMO_TAG,
  MemoTagField,
  memoTagCheck,
  useMemoTagFirmware,
  type MemoTagValue,
} from '@secux-companion/web-kit/send/MemoTagField';
import { RecipientField } from '@secux-companion/web-kit/send/RecipientField';
import { broadcastWith, feeLimitPrompt, signWith } from '@secux-companion/web-kit/send/txFlow';
import { useSendFlow } from '@secux-companion/web-kit/send/useSendFlow';
import {
  AccountSendModal,
  AmountField,
  transferLog,
  useSendAccount,
  useTransferFields,
} from '@secux-companion/web-kit/singleAddress/send';
import type { SendProps } from '@secux-companion/web-kit/family/types';
import type { StellarChain } from './chain';
import {
  memoFromField,
  stellarErrorText,
  stellarMemoRule,
  stellarSendAllAmount,
  stroopsText,
  type StellarAccount,
} from './rules';

type StellarBuilt = BuiltTransaction<StellarFamily['unsigned'], StellarFamily['signRequest']>;

const MEMO_KIND = { kind: 'memo', types: ['text', 'id', 'hash', 'return'] } as const;

export function StellarSendModal({
  chain,
  account,
  onClose,
  onDone,
}: SendProps<StellarChain, StellarAccount>) {
  const { t } = useTranslation();
  const { adapter } = chain;
  const decimals = CHAINS.XLM.decimals;
  const { recipientText, setRecipientText, amountInput, setAmountInput, sendAll, setSendAll, clear } =
    useTransferFields();
  const [memo, setMemo] = useState<MemoTagValue>(EMPTY_MEMO_TAG);
  const firmwareOk = useMemoTagFirmware();
  const { descriptor, state } = useSendAccount(adapter, 'XLM', account, 'xlm-send-state');
  const fees = useQuery({ queryKey: ['xlm-fees'], queryFn: () => adapter.getFees(), staleTime: 10_000 });

  const to = recipientText.trim();
  const recipientStatus = to === '' ? 'empty' : adapter.validateAddress(to);
  const recipientError = recipientIssue(recipientStatus);
  const recipient = useQuery({
    queryKey: ['xlm-recipient', to],
    queryFn: ({ signal }) => adapter.recipientInfo(to, signal),
    enabled: recipientStatus === 'ok',
    staleTime: 10_000,
    retry: false,
  });
  const info = recipient.data;
  const self = !!info && info.account === account.address;

  const balance = state.data?.balance ?? 0n;
  const minimum = state.data?.reserve ?? 0n;
  const baseFee = fees.data ? BigInt(fees.data.tiers.medium) : null;
  const fee = info ? info.fee : baseFee;
  const creates = !!info && !info.activated;
  const muxedCreate = creates && info?.muxedId !== undefined;

  const typed = sendAll ? null : validateAmount(amountInput, { decimals, balance, coin: 'XLM' });
  const amount: bigint | null = sendAll
    ? fee !== null && state.data
      ? stellarSendAllAmount(state.data.available + minimum, minimum, fee)
      : null
    : typed?.ok
      ? typed.value
      : null;
  // err-30: what leaves (amount + fee) must keep the minimum balance ((2 + subentries) × base reserve, read live).
  const minimumIssue =
    state.data && fee !== null && (amount !== null || sendAll)
      ? (validateMinimumBalance(balance, (amount ?? 0n) + fee, minimum, { decimals, coin: 'XLM' }) ??
        (sendAll && amount === 0n
          ? { code: 'err-30' as const, params: { minimum: stroopsText(minimum), coin: 'XLM' } }
          : undefined))
      : undefined;
  const belowCreation = creates && amount !== null && !!info && amount < info.newAccountMinimum;

  const memoRequired = !!info?.memoRequired && info.muxedId === undefined;
  const memoCheck = memoTagCheck(t, {
    coin: 'XLM',
    kind: MEMO_KIND,
    value: info?.muxedId !== undefined ? EMPTY_MEMO_TAG : memo,
    required: memoRequired ? { reason: t('stellar.memoRequiredReason') } : null,
    validate: stellarMemoRule,
    firmwareOk,
  });

  const flow = useSendFlow<StellarBuilt>({
    sign: (built, onProgress) => signWith(adapter, built, onProgress),
    broadcast: (tx, built) =>
      broadcastWith(
        adapter,
        'XLM',
        tx,
        transferLog(built.unsigned.creates ? 'createAccount' : 'payment', account, built.review),
      ),
    prompts: [(built) => feeLimitPrompt('XLM', built.review.fee)],
    onReset: () => {
      clear();
      setMemo(EMPTY_MEMO_TAG);
    },
    describeError: (e) => stellarErrorText(t, e) ?? errorText(t, e),
  });

  const canContinue =
    recipientStatus === 'ok' &&
    !self &&
    recipient.isSuccess &&
    state.isSuccess &&
    state.data.activated !== false &&
    fee !== null &&
    amount !== null &&
    amount > 0n &&
    !minimumIssue &&
    !belowCreation &&
    !muxedCreate &&
    memoCheck.ok;

  const onContinue = () =>
    void flow.start(async () => {
      const m = info?.muxedId !== undefined ? undefined : memoFromField(memoCheck.memo);
      return adapter.build(descriptor, {
        recipient: to,
        amount: amount ?? 0n,
        ...(sendAll ? { sendAll: true } : {}),
        ...(m ? { memo: m } : {}),
      });
    });

  const amountError = sendAll
    ? undefined
    : amountInput !== '' && typed && !typed.ok
      ? issueText(t, typed.issue)
      : undefined;
  const feeUnit = { ...chain.unit, digits: decimals };

  const details = (
    <>
      <Text size="sm" c="dimmed" data-testid="send-available">
        {t('stellar.send.available', {
          amount: amountText(state.data?.available ?? 0n, chain.unit),
          minimum: amountText(minimum, chain.unit),
        })}
      </Text>
      {state.data?.activated === false && (
        <Alert color="yellow" role="alert" data-testid="xlm-send-inactive">
          {t('stellar.page.inactive')}
        </Alert>
      )}
      <RecipientField
        value={recipientText}
        onChange={setRecipientText}
        error={recipientError ? issueText(t, recipientError) : self ? t('stellar.send.self') : undefined}
        resolvedFrom={null}
        resolving={false}
      />
      {info?.muxedId !== undefined && (
        <Alert color="blue" data-testid="xlm-muxed-note">
          {t('stellar.send.muxed', { account: info.account, id: info.muxedId })}
        </Alert>
      )}
      <AmountField
        symbol="XLM"
        decimals={decimals}
        input={amountInput}
        onInput={setAmountInput}
        error={amountError}
        sendAll={sendAll}
        onSendAll={setSendAll}
        allValue={amount !== null ? stroopsText(amount) : ''}
      />
      {minimumIssue && (
        <Text c="red" size="sm" role="alert" data-testid="xlm-minimum-error">
          {issueText(t, minimumIssue)}
        </Text>
      )}
      {muxedCreate && info && (
        <Alert color="red" role="alert" data-testid="xlm-muxed-create-error">
          {t('stellar.errors.muxedCreate', { account: info.account })}
        </Alert>
      )}
      {belowCreation && info && !muxedCreate && (
        <Alert color="red" role="alert" data-testid="xlm-create-error">
          {t('stellar.errors.activationBelowMinimum', { minimum: stroopsText(info.newAccountMinimum) })}
        </Alert>
      )}
      {creates && !belowCreation && !muxedCreate && info && (
        <Alert color="blue" data-testid="xlm-create-note">
          {t('stellar.send.creates', { minimum: stroopsText(info.newAccountMinimum) })}
        </Alert>
      )}
      {recipient.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, recipient.error)}
        </Text>
      )}
      {info?.muxedId === undefined && (
        <MemoTagField
          coin="XLM"
          kind={MEMO_KIND}
          value={memo}
          onChange={setMemo}
          required={memoRequired ? { reason: t('stellar.memoRequiredReason') } : null}
          validate={stellarMemoRule}
          firmwareOk={firmwareOk}
        />
      )}
      <Text size="sm" data-testid="xlm-fee">
        {fee === null
          ? t('stellar.send.feeLoading')
          : creates
            ? t('stellar.send.feeDoubled', { fee: amountText(fee, feeUnit) })
            : t('stellar.send.fee', { fee: amountText(fee, feeUnit) })}
      </Text>
      {(fees.isError || state.isError) && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, fees.error ?? state.error)}
        </Text>
      )}
    </>
  );

  return (
    <AccountSendModal
      flow={flow}
      chain={chain}
      coin="XLM"
      digits={decimals}
      account={account}
      details={details}
      canContinue={canContinue}
      onContinue={onContinue}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
