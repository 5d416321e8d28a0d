/**
 * The FIO transfer (trnsfiopubky) in the one send flow: recipient FIO public key or a crypto handle resolved to its
 * FIO key ('Resolved from …'), amount, send-all (available − fee), the network fee from /get_fee shown ÷ 10^9, and
 * the review noting that the device shows only the transaction's digest.
 */
import { Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CHAINS, filterAmountInput, recipientIssue, validateAmount } from '@secux-companion/core';
import type { FioFamily } from '@secux-companion/chain-fio';
import type { BuiltTransaction } from '@secux-companion/chain-common';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountText, errorText, issueText } from '../../accounts/format';
import { usePrice } from '../../accounts/usePrice';
import { domainRecipient } from '../../send/domainResolve';
import { RecipientField } from '../../send/RecipientField';
import { SendFlowModal } from '../../send/SendFlowModal';
import { reviewTableRows } from '../../send/reviewRows';
import { broadcastWith, feeLimitPrompt, signWith } from '../../send/txFlow';
import { useDomainEntry } from '../../send/useDomainEntry';
import { useSendFlow } from '../../send/useSendFlow';
import type { SendProps } from '../types';
import type { FioChain } from './chain';
import type { FioAccount } from './rules';

type FioBuilt = BuiltTransaction<FioFamily['unsigned'], FioFamily['signRequest']>;

export function FioSendModal({ chain, account, onClose, onDone }: SendProps<FioChain, FioAccount>) {
  const { t } = useTranslation();
  const { adapter, coin } = chain;
  const decimals = CHAINS[coin].decimals;
  const [recipientText, setRecipientText] = useState('');
  const [amountInput, setAmountInput] = useState('');
  const [sendAll, setSendAll] = useState(false);
  const { price, currency } = usePrice(coin);
  const descriptor = useMemo(
    () => ({
      chain: coin,
      index: account.index,
      bip: 44 as const,
      path: account.path,
      address: account.address,
    }),
    [account, coin],
  );
  const state = useQuery({
    queryKey: ['fio-send-state', account.id],
    queryFn: () => adapter.getAccountState(descriptor),
    staleTime: 0,
  });
  const fees = useQuery({
    queryKey: ['fio-fees', coin],
    queryFn: () => adapter.getFees(),
    staleTime: 10_000,
  });
  const { lookup, resolvedFrom, resolving } = useDomainEntry(coin, recipientText, setRecipientText);
  const viaDomain = domainRecipient(recipientText, lookup, coin);
  const to = viaDomain.kind === 'address' ? viaDomain.text.trim() : '';
  const status =
    viaDomain.kind === 'domain' ? viaDomain.status : to === '' ? 'empty' : adapter.validateAddress(to);
  const recipientError = viaDomain.kind === 'domain' ? viaDomain.issue : recipientIssue(status);
  const self = status === 'ok' && to === account.address;

  const available = state.data?.available ?? 0n;
  const fee = fees.data ? BigInt(fees.data.tiers.medium) : null;
  const typed = sendAll ? null : validateAmount(amountInput, { decimals, balance: available, coin });
  const amount = sendAll ? (fee !== null ? available - fee : null) : typed?.ok ? typed.value : null;
  const tooMuch = amount !== null && fee !== null && amount + fee > available;

  const flow = useSendFlow<FioBuilt>({
    sign: (built, onProgress) => signWith(adapter, built, onProgress),
    broadcast: (tx, built) =>
      broadcastWith(adapter, coin, tx, {
        kind: 'transfer',
        from: account.path,
        to: built.review.recipient,
        amount: built.review.amount.toString(),
        fee: built.review.fee.toString(),
      }),
    prompts: [(built) => feeLimitPrompt(coin, built.review.fee)],
    onReset: () => {
      setRecipientText('');
      setAmountInput('');
      setSendAll(false);
    },
    describeError: (e) => errorText(t, e),
  });

  const canContinue =
    status === 'ok' && !self && state.isSuccess && fee !== null && amount !== null && amount > 0n && !tooMuch;

  const details = (
    <>
      <Text size="sm" c="dimmed" data-testid="send-available">
        {t('fio.send.available', { amount: amountText(available, chain.unit) })}
      </Text>
      <RecipientField
        value={recipientText}
        onChange={setRecipientText}
        error={recipientError ? issueText(t, recipientError) : self ? t('fio.send.self') : undefined}
        resolvedFrom={resolvedFrom}
        resolving={resolving}
      />
      <TextInput
        label={t('send.amount', { coin })}
        value={
          sendAll
            ? amount !== null && amount > 0n
              ? amountText(amount, { ...chain.unit, digits: decimals })
              : ''
            : amountInput
        }
        inputMode="decimal"
        disabled={sendAll}
        onChange={(e) => setAmountInput(filterAmountInput(e.currentTarget.value, amountInput, decimals))}
        error={!sendAll && amountInput !== '' && typed && !typed.ok ? issueText(t, typed.issue) : undefined}
        data-testid="send-amount"
      />
      <Switch
        label={t('send.sendAll')}
        checked={sendAll}
        onChange={(e) => setSendAll(e.currentTarget.checked)}
        data-testid="send-all"
      />
      {tooMuch && (
        <Text c="red" size="sm" role="alert" data-testid="fio-insufficient">
          {t('fio.insufficientBalance')}
        </Text>
      )}
      <Text size="sm" data-testid="fio-fee">
        {fee !== null
          ? t('fio.fee', { fee: amountText(fee, { ...chain.unit, digits: decimals }) })
          : t('fio.feeLoading')}
      </Text>
      {(fees.isError || state.isError) && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, fees.error ?? state.error)}
        </Text>
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
      onContinue={() =>
        void flow.start(() =>
          adapter.build(descriptor, {
            recipient: to,
            amount: amount ?? 0n,
            ...(sendAll ? { sendAll: true } : {}),
          }),
        )
      }
      reviewRows={(built) =>
        reviewTableRows(t, adapter.reviewRows(built), {
          coin: { symbol: chain.unit.symbol, digits: decimals },
          price,
          currencySymbol: currency.symbol,
          testIds: 'send',
        })
      }
      explorerUrl={(hash) => (chain.local ? undefined : adapter.explorer.tx(hash))}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
