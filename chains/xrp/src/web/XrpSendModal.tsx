/**
 * The XRP send in the one send flow: recipient, amount, send-all (balance − reserve − fee), the destination tag
 * (MemoTagField; mandatory with the reason when the recipient sets lsfRequireDestTag), the network fee shown but not
 * selectable (hidden-fee chain; a confirmation when it is above the open-ledger or the base fee), refusal before
 * signing of a first payment below the base reserve to an inactive account (the ledger would answer
 * tecNO_DST_INSUF_XRP), err-30 below the reserve, and 'Held until escalated fee drops.' shown as the server-busy
 * message (wait 20 s, then check the history) instead of a failure.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CHAINS,
  mapBroadcastError,
  recipientIssue,
  validateAmount,
  validateMinimumBalance,
} from '@secux-companion/core';
import { validateXrpTag, type XrpFamily } from '@secux-companion/chain-xrp';
import type { BuiltTransaction } from '@secux-companion/chain-common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountText, errorText, issueText } from '@secux-companion/web-kit/lib/format';
import { CopyText } from '@secux-companion/web-kit/components/CopyText';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
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
import type { XrpChain } from './chain';
import { dropsText, xrpErrorText, xrpFeeNeedsConfirmation, xrpSendAllAmount } from './rules';

export interface XrpAccount {
  id: string;
  index: number;
  bip: 44;
  path: string;
  name: string;
  balance: bigint;
  pending: bigint;
  txCount: number;
  address: string;
}

type XrpBuilt = BuiltTransaction<XrpFamily['unsigned'], XrpFamily['signRequest']>;

/** Seconds the user waits before checking the history after the busy answer (spec 01: 'wait 20 s'). */
export const HELD_WAIT_S = 20;

export function XrpSendModal({ chain, account, onClose, onDone }: SendProps<XrpChain, XrpAccount>) {
  const { t } = useTranslation();
  const { adapter } = chain;
  const decimals = CHAINS.XRP.decimals;
  const { recipientText, setRecipientText, amountInput, setAmountInput, sendAll, setSendAll, clear } =
    useTransferFields();
  const [tag, setTag] = useState<MemoTagValue>(EMPTY_MEMO_TAG);
  const [held, setHeld] = useState<{ hash: string } | null>(null);
  const firmwareOk = useMemoTagFirmware();
  const { descriptor, state } = useSendAccount(adapter, 'XRP', account, 'xrp-send-state');
  const fees = useQuery({ queryKey: ['xrp-fees'], queryFn: () => adapter.getFees(), staleTime: 10_000 });

  const to = recipientText.trim();
  const recipientStatus = to === '' ? 'empty' : adapter.validateAddress(to);
  const recipientError = recipientIssue(recipientStatus);
  const self = recipientStatus === 'ok' && to === account.address;
  const recipient = useQuery({
    queryKey: ['xrp-recipient', to],
    queryFn: ({ signal }) => adapter.recipientInfo(to, signal),
    enabled: recipientStatus === 'ok' && !self,
    staleTime: 10_000,
    retry: false,
  });

  const balance = state.data?.balance ?? 0n;
  const reserve = state.data?.reserve ?? 0n;
  const fee = fees.data ? BigInt(fees.data.tiers.medium) : null;
  const baseFee = fees.data ? BigInt(fees.data.tiers.low) : null;

  const typed = sendAll ? null : validateAmount(amountInput, { decimals, balance, coin: 'XRP' });
  const amount: bigint | null = sendAll
    ? fee !== null && state.data
      ? xrpSendAllAmount(balance, reserve, fee)
      : null
    : typed?.ok
      ? typed.value
      : null;
  // err-30: what leaves (amount + fee) must keep the reserve (read live by the adapter).
  const reserveIssue =
    state.data && fee !== null && (amount !== null || sendAll)
      ? (validateMinimumBalance(balance, (amount ?? 0n) + fee, reserve, { decimals, coin: 'XRP' }) ??
        (sendAll && amount === 0n
          ? { code: 'err-30' as const, params: { minimum: dropsText(reserve), coin: 'XRP' } }
          : undefined))
      : undefined;
  const info = recipient.data;
  const activates = !!info && !info.activated;
  const belowActivation = activates && amount !== null && amount < info.baseReserve;

  const tagCheck = memoTagCheck(t, {
    coin: 'XRP',
    kind: { kind: 'tag' },
    value: tag,
    required: info?.requireDestinationTag ? { reason: t('xrp.tagRequiredReason') } : null,
    validate: validateXrpTag,
    firmwareOk,
  });

  const flow = useSendFlow<XrpBuilt>({
    sign: (built, onProgress) => signWith(adapter, built, onProgress),
    broadcast: async (tx, built) => {
      // The transaction log's context keys (server routes/txlog.ts): the Sequence is the account's nonce.
      const outcome = await broadcastWith(adapter, 'XRP', tx, {
        ...transferLog('payment', account, built.review),
        nonce: built.unsigned.tx.Sequence,
      });
      // The ledger holds the transaction until the escalated fee drops: server busy, not a failure.
      if (outcome.kind === 'failed' && mapBroadcastError(outcome.raw).kind === 'serverBusy')
        setHeld({ hash: tx.hash });
      return outcome;
    },
    prompts: [
      (built) =>
        fees.data &&
        xrpFeeNeedsConfirmation(built.review.fee, {
          openLedger: BigInt(fees.data.tiers.medium),
          base: BigInt(fees.data.tiers.low),
        })
          ? { kind: 'feeTooHigh' }
          : null,
      (built) => feeLimitPrompt('XRP', built.review.fee),
    ],
    onReset: () => {
      clear();
      setTag(EMPTY_MEMO_TAG);
    },
    describeError: (e) => xrpErrorText(t, e) ?? errorText(t, e),
  });

  const canContinue =
    recipientStatus === 'ok' &&
    !self &&
    recipient.isSuccess &&
    state.isSuccess &&
    fee !== null &&
    amount !== null &&
    amount > 0n &&
    !reserveIssue &&
    !belowActivation &&
    tagCheck.ok;

  const onContinue = () =>
    void flow.start(() =>
      adapter.build(descriptor, {
        recipient: to,
        amount: amount ?? 0n,
        ...(sendAll ? { sendAll: true } : {}),
        ...(tagCheck.memo ? { memo: { type: 'tag' as const, value: Number(tagCheck.memo.text) } } : {}),
      }),
    );

  if (held) return <HeldModal hash={held.hash} onDone={onDone} />;

  const amountError = sendAll
    ? undefined
    : amountInput !== '' && typed && !typed.ok
      ? issueText(t, typed.issue)
      : undefined;

  const details = (
    <>
      <Text size="sm" c="dimmed" data-testid="send-available">
        {t('xrp.send.spendable', {
          amount: amountText(state.data?.available ?? 0n, chain.unit),
          reserve: amountText(reserve, chain.unit),
        })}
      </Text>
      <RecipientField
        value={recipientText}
        onChange={setRecipientText}
        error={recipientError ? issueText(t, recipientError) : self ? t('xrp.send.self') : undefined}
        resolvedFrom={null}
        resolving={false}
      />
      <AmountField
        symbol="XRP"
        decimals={decimals}
        input={amountInput}
        onInput={setAmountInput}
        error={amountError}
        sendAll={sendAll}
        onSendAll={setSendAll}
        allValue={amount !== null ? dropsText(amount) : ''}
      />
      {reserveIssue && (
        <Text c="red" size="sm" role="alert" data-testid="xrp-reserve-error">
          {issueText(t, reserveIssue)}
        </Text>
      )}
      {belowActivation && info && (
        <Alert color="red" role="alert" data-testid="xrp-activation-error">
          {t('xrp.errors.activationBelowReserve', { minimum: dropsText(info.baseReserve) })}
        </Alert>
      )}
      {activates && !belowActivation && info && (
        <Alert color="blue" data-testid="xrp-activation-note">
          {t('xrp.send.activates', { minimum: dropsText(info.baseReserve) })}
        </Alert>
      )}
      {recipient.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, recipient.error)}
        </Text>
      )}
      <MemoTagField
        coin="XRP"
        kind={{ kind: 'tag' }}
        value={tag}
        onChange={setTag}
        required={info?.requireDestinationTag ? { reason: t('xrp.tagRequiredReason') } : null}
        validate={validateXrpTag}
        firmwareOk={firmwareOk}
      />
      <Text size="sm" data-testid="xrp-fee">
        {fee !== null
          ? t('xrp.send.fee', { fee: amountText(fee, { ...chain.unit, digits: decimals }) })
          : t('xrp.send.feeLoading')}
      </Text>
      {baseFee !== null && fee !== null && fee > baseFee && (
        <Text size="sm" c="orange" data-testid="xrp-fee-escalated">
          {t('xrp.send.feeEscalated', { base: amountText(baseFee, { ...chain.unit, digits: decimals }) })}
        </Text>
      )}
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
      coin="XRP"
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

/** The busy answer: the ledger holds the payment until the escalated fee drops; the user checks the history later. */
export function HeldModal({ hash, onDone }: { hash: string; onDone: () => void }) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [left, setLeft] = useState(HELD_WAIT_S);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return (
    <Modal opened onClose={onDone} size={size} title={t('xrp.held.title')} data-testid="xrp-held">
      <Stack aria-live="polite">
        <Alert color="yellow" data-testid="xrp-held-message">
          {t('errors.serverBusyXrp')}
        </Alert>
        <Text size="sm">{t('xrp.held.explain')}</Text>
        <Group wrap="nowrap">
          <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="xrp-held-hash">
            {hash}
          </Text>
          <CopyText value={hash} size="xs" />
        </Group>
        <Text size="sm" c="dimmed" data-testid="xrp-held-wait">
          {left > 0 ? t('xrp.held.wait', { seconds: left }) : t('xrp.held.ready')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onDone} data-testid="xrp-held-done">
            {t('xrp.held.history')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
