/**
 * The FIO transfer (trnsfiopubky) in the one send flow: recipient FIO public key or a crypto handle resolved to its
 * FIO key ('Resolved from …'), amount, send-all (available − fee), the network fee from /get_fee shown ÷ 10^9, and
 * the review noting that the device shows only the transaction's digest.
 */
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CHAINS, recipientIssue, validateAmount } from '@secux-companion/core';
import type { FioFamily } from '@secux-companion/chain-fio';
import type { BuiltTransaction } from '@secux-companion/chain-common';
import { useTranslation } from 'react-i18next';
import { amountText, errorText, issueText } from '@secux-companion/web-kit/lib/format';
import { domainRecipient } from '@secux-companion/web-kit/send/domainResolve';
import { RecipientField } from '@secux-companion/web-kit/send/RecipientField';
import { broadcastWith, feeLimitPrompt, signWith } from '@secux-companion/web-kit/send/txFlow';
import { useDomainEntry } from '@secux-companion/web-kit/send/useDomainEntry';
import { useSendFlow } from '@secux-companion/web-kit/send/useSendFlow';
import {
  AccountSendModal,
  AmountField,
  transferLog,
  useSendAccount,
  useTransferFields,
} from '@secux-companion/web-kit/singleAddress/send';
import type { SendProps } from '@secux-companion/web-kit/family/types';
import type { FioChain } from './chain';
import type { FioAccount } from './rules';

type FioBuilt = BuiltTransaction<FioFamily['unsigned'], FioFamily['signRequest']>;

export function FioSendModal({ chain, account, onClose, onDone }: SendProps<FioChain, FioAccount>) {
  const { t } = useTranslation();
  const { adapter, coin } = chain;
  const decimals = CHAINS[coin].decimals;
  const { recipientText, setRecipientText, amountInput, setAmountInput, sendAll, setSendAll, clear } =
    useTransferFields();
  const { descriptor, state } = useSendAccount(adapter, coin, account, 'fio-send-state');
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
      broadcastWith(adapter, coin, tx, transferLog('transfer', account, built.review)),
    prompts: [(built) => feeLimitPrompt(coin, built.review.fee)],
    onReset: clear,
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
      <AmountField
        symbol={coin}
        decimals={decimals}
        input={amountInput}
        onInput={setAmountInput}
        error={!sendAll && amountInput !== '' && typed && !typed.ok ? issueText(t, typed.issue) : undefined}
        sendAll={sendAll}
        onSendAll={setSendAll}
        allValue={
          amount !== null && amount > 0n ? amountText(amount, { ...chain.unit, digits: decimals }) : ''
        }
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
    <AccountSendModal
      flow={flow}
      chain={chain}
      coin={coin}
      digits={decimals}
      account={account}
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
      onClose={onClose}
      onDone={onDone}
    />
  );
}
