/**
 * The bitcoin family's send: its Details fields (recipient, amount, send-all, fee mode with a custom
 * sat/vB rate) and review rows in the one send flow (send/useSendFlow + send/SendFlowModal).
 */
import { Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CHAINS,
  DEFAULT_FEE_MODE,
  FIAT_SEND_CONFIRM_DIGITS,
  canContinueSendDetails,
  filterAmountInput,
  type FeeMode,
} from '@secux-companion/core';
import type { BtcBuiltTransaction } from '@secux-companion/chain-bitcoin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BitcoinChain } from '../chains';
import { coinText, errorText, fiatText, issueText } from '@secux-companion/web-kit/lib/format';
import type { AppAccount } from '../account';
import { accountKeys } from '@secux-companion/web-kit/accounts/queryKeys';
import { descriptorOf } from '../account';
import { usePrice } from '@secux-companion/web-kit/accounts/usePrice';
import { domainRecipient } from '@secux-companion/web-kit/send/domainResolve';
import { useDomainEntry } from '@secux-companion/web-kit/send/useDomainEntry';
import { RecipientField } from '@secux-companion/web-kit/send/RecipientField';
import { FeeModeControl } from '@secux-companion/web-kit/send/SendSteps';
import { useFeeModeChange } from '@secux-companion/web-kit/send/useFeeModeChange';
import { SendFlowModal } from '@secux-companion/web-kit/send/SendFlowModal';
import { reviewTableRows } from '@secux-companion/web-kit/send/reviewRows';
import type { SendAccount } from '@secux-companion/web-kit/send/types';
import { useSendFlow } from '@secux-companion/web-kit/send/useSendFlow';
import { useSendFields } from '@secux-companion/web-kit/send/preset';
import { checkAmount, checkRecipient, feeRateOf } from './sendRules';
import { bitcoinSendPrompts, bitcoinSigning } from './bitcoinFlow';

/** A bitcoin-family account as the send flow sees it. */
export function bitcoinSendAccount(a: AppAccount): SendAccount {
  return { ...descriptorOf(a), id: a.id, name: a.name };
}

/** Send modal of a bitcoin-family account (the account pages' entry; props kept for them). */
export function SendModal({
  account,
  chain,
  onClose,
  onDone,
}: {
  account: AppAccount;
  chain: BitcoinChain;
  onClose: () => void;
  /** After the last step: back to the account list with refreshed balances. */
  onDone: () => void;
}) {
  const a = useMemo(() => bitcoinSendAccount(account), [account]);
  return <BitcoinSendModal account={a} chain={chain} onClose={onClose} onDone={onDone} />;
}

export function BitcoinSendModal({
  account,
  chain,
  onClose,
  onDone,
}: {
  account: SendAccount;
  chain: BitcoinChain;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const coin = account.chain;
  const { price, currency } = usePrice(coin);
  // Paying a request, the form starts with its recipient and amount, keeps them through Reset, and the amount is fixed.
  const {
    requestMode,
    recipientText,
    setRecipientText,
    amountText,
    setAmountText,
    sendAll,
    setSendAll,
    reset,
  } = useSendFields();
  const [mode, setMode] = useState<FeeMode>(DEFAULT_FEE_MODE);
  const [customText, setCustomText] = useState('');

  const state = useQuery({
    queryKey: accountKeys.state(account.id),
    queryFn: () => chain.adapter.getAccountState(account),
    staleTime: 0,
  });
  const fees = useQuery({
    queryKey: ['fees', coin, chain.networkId],
    queryFn: () => chain.adapter.getFees(),
    staleTime: 30_000,
  });
  const available = state.data?.available ?? 0n;
  const tiers = fees.data?.tiers;
  const changeMode = useFeeModeChange(setMode, fees.refetch);

  const flow = useSendFlow<BtcBuiltTransaction>({
    ...bitcoinSigning(chain, account),
    prompts: bitcoinSendPrompts(account, () => ({ mode, tiers })),
    // Reset clears the destination, amount and send-all unless paying a request (spec 01 §4 Send flow 7).
    onReset: reset,
  });

  const { lookup, resolvedFrom, resolving } = useDomainEntry(coin, recipientText, setRecipientText);
  const recipient = useMemo(() => {
    const viaDomain = domainRecipient(recipientText, lookup);
    if (viaDomain.kind === 'domain') return viaDomain;
    return checkRecipient(coin, viaDomain.text, chain.adapter.validateAddress);
  }, [coin, recipientText, lookup, chain]);
  const fee = tiers ? feeRateOf(mode, tiers, customText) : null;
  const feeRate = fee?.ok ? fee.rate : null;

  // Send-all: amount = balance − fee (the builder's answer for one output to the recipient).
  const ownAddress = useMemo(() => chain.adapter.keysOf(account).receive(0).address, [chain, account]);
  const draftOf = (sendAllDraft: boolean) => ({
    recipient: recipient.status === 'ok' ? recipient.address : ownAddress,
    ...(sendAllDraft ? { sendAll: true } : { amount: amount?.ok ? amount.value : 0n }),
    // BIP-125 signalling is the network's default (the adapter's).
    feeRate: feeRate!,
  });
  const sendAllPreview = useQuery({
    queryKey: [
      'send-all',
      account.id,
      recipient.status === 'ok' ? recipient.address : ownAddress,
      feeRate,
      available.toString(),
    ],
    queryFn: () => chain.adapter.build(account, draftOf(true)),
    enabled: sendAll && feeRate !== null && state.isSuccess,
    retry: false,
  });
  const amount = sendAll ? null : checkAmount(coin, amountText, available);
  const sendAllAmount = sendAllPreview.data?.review.amount;
  // Send-all shows the builder's amount; the typed amount is kept aside (cleared when send-all goes off).
  const shownAmount = sendAll
    ? sendAllAmount !== undefined
      ? coinText(sendAllAmount, coin)
      : ''
    : amountText;

  const canContinue =
    canContinueSendDetails({
      recipient: recipient.status,
      feeMayBeZero: chain.adapter.capabilities?.feeMayBeZero,
      fee: feeRate ?? 0,
      feeInputValid: feeRate !== null,
      amountInvalid: sendAll ? !sendAllPreview.isSuccess : !amount?.ok,
    }) && state.isSuccess;

  const onContinue = () =>
    void flow.start(async () => {
      try {
        return await chain.adapter.build(account, draftOf(sendAll));
      } catch (e) {
        // 'BTC Transaction fee is too high …' is an alert as well (spec 01 §5).
        if ((e as { code?: string }).code === 'btcFeeTooHigh') window.alert(errorText(t, e));
        throw e;
      }
    });

  const fiat = (v: bigint) => fiatText(v, coin, price, FIAT_SEND_CONFIRM_DIGITS);

  const details = (
    <>
      <Text size="sm" c="dimmed" data-testid="send-available">
        {t('send.available', { amount: `${coinText(available, coin)} ${coin}` })}
      </Text>
      <RecipientField
        value={recipientText}
        onChange={setRecipientText}
        error={recipient.issue ? issueText(t, recipient.issue) : undefined}
        resolvedFrom={resolvedFrom}
        resolving={resolving}
      />
      <TextInput
        label={t('send.amount', { coin })}
        value={shownAmount}
        inputMode="decimal"
        disabled={sendAll || requestMode}
        onChange={(e) =>
          setAmountText(filterAmountInput(e.currentTarget.value, amountText, CHAINS[coin].decimals))
        }
        error={!sendAll && amountText !== '' && amount && !amount.ok ? issueText(t, amount.issue) : undefined}
        description={!sendAll && amount?.ok && fiat(amount.value) !== null ? fiat(amount.value) : undefined}
        data-testid="send-amount"
      />
      <Switch
        label={t('send.sendAll')}
        checked={sendAll}
        disabled={requestMode}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setSendAll(on);
          if (!on) setAmountText('');
        }}
        data-testid="send-all"
      />
      {sendAll && sendAllPreview.isError && (
        <Text c="red" size="sm" role="alert" data-testid="send-all-error">
          {errorText(t, sendAllPreview.error)}
        </Text>
      )}
      {!fees.data?.hidden && (
        <FeeModeControl mode={mode} onChange={changeMode} tierText={(m) => (tiers ? String(tiers[m]) : null)}>
          {mode === 'Custom' && (
            <TextInput
              label={t('send.customFee')}
              value={customText}
              inputMode="numeric"
              onChange={(e) => setCustomText(e.currentTarget.value)}
              error={fee && !fee.ok && fee.issue && customText !== '' ? issueText(t, fee.issue) : undefined}
              data-testid="send-custom-fee"
            />
          )}
          <Text size="xs" c="dimmed" data-testid="send-fee-rate">
            {feeRate !== null ? t('send.feeRate', { rate: feeRate }) : ''}
          </Text>
        </FeeModeControl>
      )}
    </>
  );

  return (
    <SendFlowModal
      flow={flow}
      title={t('send.title', { name: account.name })}
      testIds="send"
      details={details}
      canContinue={canContinue}
      onContinue={onContinue}
      reviewRows={(built) =>
        reviewTableRows(t, chain.adapter.reviewRows(built), {
          coin: { symbol: coin, digits: chain.unit.digits },
          price,
          currencySymbol: currency.symbol,
          testIds: 'send',
        })
      }
      explorerUrl={(hash) => chain.adapter.explorer.tx(hash)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
