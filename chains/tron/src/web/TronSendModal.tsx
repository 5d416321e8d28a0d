/**
 * The TRON send in the one send flow: TRX or a token (TRC-10 / TRC-20, opened from the Tokens tab), recipient, amount,
 * send-all (TRX: balance − what the send burns; a token: its whole balance), the account's bandwidth and energy, the
 * activation fee when the recipient does not exist yet (read from the chain), then the review with what the send
 * burns — bandwidth, energy, activation — and the plain sentence "this send burns about X TRX because the account has
 * Y energy". err-39 when TRX does not cover it, and a TRC-20 send above the 40 TRX fee limit refused before signing.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CHAINS, recipientIssue, tryParseUnits } from '@secux-companion/core';
import type { TronFamily } from '@secux-companion/chain-tron';
import type { BuiltTransaction } from '@secux-companion/chain-common';
import { useTranslation } from 'react-i18next';
import { amountText, errorText, issueText, tokenAmountText } from '@secux-companion/web-kit/lib/format';
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
import type { TronChain } from './chain';
import { burnSentenceText, creationFeeIssue, sunText, tronErrorText, type TronAccount } from './rules';

type TronBuilt = BuiltTransaction<TronFamily['unsigned'], TronFamily['signRequest']>;

/** Where a send starts: a token of the Tokens tab (undefined: TRX). */
export interface TronSendInitial {
  contract: string;
  symbol: string;
  decimals: number;
}

const isInitial = (v: unknown): v is TronSendInitial =>
  typeof v === 'object' && v !== null && typeof (v as TronSendInitial).contract === 'string';

export function TronSendModal({
  chain,
  account,
  initial,
  onClose,
  onDone,
}: SendProps<TronChain, TronAccount>) {
  const { t } = useTranslation();
  const { adapter } = chain;
  const token = isInitial(initial) ? initial : undefined;
  const symbol = token?.symbol ?? 'TRX';
  const decimals = token?.decimals ?? CHAINS.TRX.decimals;
  const { recipientText, setRecipientText, amountInput, setAmountInput, sendAll, setSendAll, clear } =
    useTransferFields();
  const { descriptor, state } = useSendAccount(adapter, 'TRX', account, 'trx-send-state');

  const to = recipientText.trim();
  const recipientStatus = to === '' ? 'empty' : adapter.validateAddress(to);
  const recipientError = recipientIssue(recipientStatus);
  const self = recipientStatus === 'ok' && to === account.address;
  const recipient = useQuery({
    queryKey: ['trx-recipient', to],
    queryFn: () => adapter.checkRecipient!(to),
    enabled: recipientStatus === 'ok' && !self,
    staleTime: 10_000,
    retry: false,
  });

  const held = token
    ? (state.data?.tokens?.find((x) => x.contract === token.contract)?.balance ?? 0n)
    : undefined;
  const balance = held ?? state.data?.balance ?? 0n;
  const typed = sendAll ? null : tryParseUnits(amountInput, decimals);
  const amount = sendAll ? (token ? balance : 0n) : typed;
  const tooMuch = !sendAll && amount !== null && amount > balance;
  const activates = !token?.contract.startsWith('T') && recipient.data?.activated === false;
  // A new recipient's creation fee (the chain's parameters) comes out of TRX before any amount: a balance short of it
  // cannot send anything there, so the amount is closed with err-39 (spec 01 §4 Send form behaviour, §5).
  const creationShort = activates
    ? creationFeeIssue(state.data?.balance ?? 0n, recipient.data?.creationFee)
    : undefined;

  const flow = useSendFlow<TronBuilt>({
    sign: (built, onProgress) => signWith(adapter, built, onProgress),
    broadcast: (tx, built) =>
      broadcastWith(adapter, 'TRX', tx, transferLog(built.unsigned.tx.kind, account, built.review)),
    // The fee-limit alert: what the send burns (bandwidth, energy, activation) against the remote config's limits.
    prompts: [(built) => feeLimitPrompt('TRX', built.review.fee)],
    onReset: clear,
    describeError: (e) => tronErrorText(t, e) ?? errorText(t, e),
  });

  const canContinue =
    recipientStatus === 'ok' &&
    !self &&
    recipient.isSuccess &&
    state.isSuccess &&
    !creationShort &&
    (sendAll || (amount !== null && amount > 0n && !tooMuch));

  const onContinue = () =>
    void flow.start(() =>
      adapter.build(descriptor, {
        recipient: to,
        amount: amount ?? 0n,
        ...(sendAll ? { sendAll: true } : {}),
        ...(token ? { token } : {}),
      }),
    );

  const resources = state.data?.extra;
  const details = (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="send-available">
        {token
          ? t('tron.send.tokenBalance', { amount: tokenAmountText(balance, { symbol, decimals }) })
          : t('tron.send.balance', { amount: amountText(balance, chain.unit) })}
      </Text>
      {resources && (
        <Text size="sm" c="dimmed" data-testid="trx-send-resources">
          {t('tron.page.resources', {
            bandwidth: resources.bandwidthAvailable,
            energy: resources.energyAvailable,
          })}
        </Text>
      )}
      <RecipientField
        value={recipientText}
        onChange={setRecipientText}
        error={recipientError ? issueText(t, recipientError) : self ? t('tron.send.self') : undefined}
        resolvedFrom={null}
        resolving={false}
      />
      <AmountField
        symbol={symbol}
        decimals={decimals}
        input={amountInput}
        onInput={setAmountInput}
        error={
          creationShort
            ? issueText(t, creationShort)
            : tooMuch
              ? t(token ? 'errors.err-31' : 'errors.err-39', { coin: 'TRX' })
              : undefined
        }
        disabled={!!creationShort}
        sendAll={sendAll}
        onSendAll={setSendAll}
        allValue={token ? tokenAmountText(balance, { symbol, decimals }) : t('tron.send.allAfterCosts')}
      />
      {activates && recipient.data?.creationFee !== undefined && (
        <Alert color="blue" data-testid="trx-activation-note">
          {t('tron.send.activates', { fee: sunText(recipient.data.creationFee) })}
        </Alert>
      )}
      {token?.contract.startsWith('T') && (
        <Text size="xs" c="dimmed" data-testid="trx-energy-note">
          {t('tron.send.energyNote')}
        </Text>
      )}
      {(recipient.isError || state.isError) && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, recipient.error ?? state.error)}
        </Text>
      )}
    </Stack>
  );

  return (
    <AccountSendModal
      flow={flow}
      chain={chain}
      coin="TRX"
      digits={CHAINS.TRX.decimals}
      account={account}
      details={details}
      canContinue={canContinue}
      onContinue={onContinue}
      extraRows={(built) => [
        {
          label: t('tron.review.why'),
          value: burnSentenceText(t, built.unsigned.costs),
          testId: 'review-burn-sentence',
        },
      ]}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
