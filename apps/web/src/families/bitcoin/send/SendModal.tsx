import { Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CHAINS,
  DEFAULT_FEE_MODE,
  FIAT_SEND_CONFIRM_DIGITS,
  filterAmountInput,
  type FeeMode,
} from '@secux-companion/core';
import type { BtcBuiltTransaction } from '@secux-companion/chain-bitcoin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../../components/useModalSize';
import type { BitcoinChain } from '../../chains/bitcoin';
import { coinText, errorText, fiatText, issueText } from '../format';
import type { AppAccount } from '../types';
import { accountKeys, descriptorOf } from '../useChain';
import { usePrice } from '../usePrice';
import { domainRecipient } from './domainResolve';
import { useDomainEntry } from './useDomainEntry';
import { RecipientField } from './RecipientField';
import { checkAmount, checkRecipient, customFeeAboveEstimate, feeRateOf } from './sendRules';
import { broadcastSigned, checkFeeAlert, signOnDevice, type BroadcastOutcome } from './txFlow';
import {
  BroadcastActions,
  BroadcastStatus,
  DetailsFooter,
  FeeModeControl,
  FeePromptModal,
  ReviewTable,
  SendStepper,
  SignActions,
  type FeePrompt,
  type SendStep,
} from './SendSteps';

/** Send modal: Details, Verification (sign on the device), Send (broadcast), Status. */
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
  const { t } = useTranslation();
  const size = useModalSize();
  const coin = account.chain;
  const { price, currency } = usePrice(coin);
  const [step, setStep] = useState<SendStep>(0);
  const [recipientText, setRecipientText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [sendAll, setSendAll] = useState(false);
  const [mode, setMode] = useState<FeeMode>(DEFAULT_FEE_MODE);
  const [customText, setCustomText] = useState('');
  const [building, setBuilding] = useState(false);
  const [buildError, setBuildError] = useState<string | null>(null);
  const [built, setBuilt] = useState<BtcBuiltTransaction | null>(null);
  const [prompt, setPrompt] = useState<FeePrompt | null>(null);
  const [signing, setSigning] = useState<{ current: number; total: number } | null>(null);
  const [signError, setSignError] = useState<string | null>(null);
  const [signed, setSigned] = useState<{ hash: string; raw: string } | null>(null);
  const [result, setResult] = useState<BroadcastOutcome | 'loading' | null>(null);

  const state = useQuery({
    queryKey: accountKeys.state(account.id),
    queryFn: () => chain.adapter.getAccountState(descriptorOf(account)),
    staleTime: 0,
  });
  const fees = useQuery({
    queryKey: ['fees', coin, chain.networkId],
    queryFn: () => chain.adapter.getFees(),
    staleTime: 30_000,
  });
  const available = state.data?.available ?? 0n;
  const tiers = fees.data?.tiers;

  const { lookup, resolvedFrom, resolving } = useDomainEntry(coin, recipientText, setRecipientText);

  const recipient = useMemo(() => {
    const viaDomain = domainRecipient(recipientText, lookup);
    if (viaDomain.kind === 'domain') return viaDomain;
    return checkRecipient(coin, viaDomain.text, chain.adapter.validateAddress);
  }, [coin, recipientText, lookup, chain]);
  const fee = tiers ? feeRateOf(mode, tiers, customText) : null;
  const feeRate = fee?.ok ? fee.rate : null;

  // Send-all: amount = balance − fee (the builder's answer for one output to the recipient).
  const ownAddress = useMemo(
    () => chain.adapter.keysOf(descriptorOf(account)).receive(0).address,
    [chain, account],
  );
  const sendAllPreview = useQuery({
    queryKey: [
      'send-all',
      account.id,
      recipient.status === 'ok' ? recipient.address : ownAddress,
      feeRate,
      available.toString(),
    ],
    queryFn: () =>
      chain.adapter.build(descriptorOf(account), {
        recipient: recipient.status === 'ok' ? recipient.address : ownAddress,
        sendAll: true,
        feeRate: feeRate!,
        rbf: chain.adapter.network.rbf || chain.networkId === 'LTC_REGTEST',
      }),
    enabled: sendAll && feeRate !== null && state.isSuccess,
    retry: false,
  });
  const amount = sendAll ? null : checkAmount(coin, amountText, available);
  const sendAllAmount = sendAllPreview.data?.review.amount;
  // Send-all shows the builder's amount; the typed amount is kept aside (cleared when send-all goes off).
  const shownAmount = sendAll ? (sendAllAmount !== undefined ? coinText(sendAllAmount, coin) : '') : amountText;

  const amountInvalid = sendAll ? !sendAllPreview.isSuccess : !amount?.ok;
  const canContinue =
    recipient.status === 'ok' && !amountInvalid && feeRate !== null && !building && state.isSuccess;

  const reset = () => {
    setStep(0);
    setRecipientText('');
    setAmountText('');
    setSendAll(false);
    setBuilt(null);
    setSigned(null);
    setSignError(null);
    setResult(null);
    setPrompt(null);
  };

  const advanceAfterFeeAlert = async (b: BtcBuiltTransaction) => {
    const check = await checkFeeAlert(coin, b.review.fee);
    if (check.alert === 'max_fee') return setPrompt({ kind: 'max_fee' });
    if (check.alert === 'higher_fee')
      return setPrompt({ kind: 'higher_fee', limit: check.limit ?? '', currency: check.currency ?? '' });
    setStep(1);
  };

  const onContinue = async (confirmedCustom = false) => {
    if (!canContinue || feeRate === null || !tiers) return;
    if (!confirmedCustom && customFeeAboveEstimate(mode, feeRate, tiers))
      return setPrompt({ kind: 'customFee' });
    setBuilding(true);
    setBuildError(null);
    try {
      const b = await chain.adapter.build(descriptorOf(account), {
        recipient: recipient.address,
        ...(sendAll ? { sendAll: true } : { amount: amount!.ok ? amount!.value : 0n }),
        feeRate,
        rbf: chain.adapter.network.rbf || chain.networkId === 'LTC_REGTEST',
      });
      setBuilt(b);
      await advanceAfterFeeAlert(b);
    } catch (e) {
      const text = errorText(t, e);
      if ((e as { code?: string }).code === 'btcFeeTooHigh') window.alert(text);
      setBuildError(text);
    } finally {
      setBuilding(false);
    }
  };

  const onSign = async () => {
    if (!built) return;
    setSignError(null);
    setSigning({ current: 0, total: built.signRequest.inputs.length });
    const outcome = await signOnDevice(chain, built, (current, total) => setSigning({ current, total }));
    setSigning(null);
    if (outcome.kind === 'signed') {
      setSigned(outcome.tx);
      setStep(2);
    } else if (outcome.kind === 'cancelled') {
      reset();
    } else {
      setSignError(outcome.messageKey ? t(`errors.${outcome.messageKey}`) : (outcome.message ?? ''));
      setStep(0);
      setBuilt(null);
    }
  };

  const onBroadcast = async () => {
    if (!signed || !built) return;
    setStep(3);
    setResult('loading');
    const outcome = await broadcastSigned(chain, account, signed, built);
    setResult(outcome);
    if (outcome.kind === 'failed' && outcome.conflict) window.alert(t('errors.broadcastConflict'));
  };

  const close = () => {
    if (step === 3 && result !== 'loading' && result !== null) onDone();
    else onClose();
  };

  const fiat = (v: bigint) => fiatText(v, coin, price, FIAT_SEND_CONFIRM_DIGITS);
  const money = (v: bigint) => {
    const f = fiat(v);
    return `${coinText(v, coin)} ${coin}${f !== null ? ` (${currency.symbol}${f})` : ''}`;
  };

  return (
    <Modal
      opened
      onClose={close}
      size={size}
      title={t('send.title', { name: account.name })}
      closeOnClickOutside={false}
    >
      <SendStepper step={step} />

      {step === 0 && (
        <Stack>
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
            disabled={sendAll}
            onChange={(e) =>
              setAmountText(filterAmountInput(e.currentTarget.value, amountText, CHAINS[coin].decimals))
            }
            error={
              !sendAll && amountText !== '' && amount && !amount.ok ? issueText(t, amount.issue) : undefined
            }
            description={
              !sendAll && amount?.ok
                ? fiat(amount.value) !== null
                  ? `${currency.symbol}${fiat(amount.value)}`
                  : undefined
                : undefined
            }
            data-testid="send-amount"
          />
          <Switch
            label={t('send.sendAll')}
            checked={sendAll}
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
            <FeeModeControl
              mode={mode}
              onChange={setMode}
              tierText={(m) => (tiers ? String(tiers[m]) : null)}
            >
              {mode === 'Custom' && (
                <TextInput
                  label={t('send.customFee')}
                  value={customText}
                  inputMode="numeric"
                  onChange={(e) => setCustomText(e.currentTarget.value)}
                  error={
                    fee && !fee.ok && fee.issue && customText !== '' ? issueText(t, fee.issue) : undefined
                  }
                  data-testid="send-custom-fee"
                />
              )}
              <Text size="xs" c="dimmed" data-testid="send-fee-rate">
                {feeRate !== null ? t('send.feeRate', { rate: feeRate }) : ''}
              </Text>
            </FeeModeControl>
          )}
          <DetailsFooter
            error={buildError ?? signError}
            onContinue={() => void onContinue()}
            canContinue={canContinue}
            building={building}
          />
        </Stack>
      )}

      {step >= 1 && step <= 2 && built && (
        <Stack>
          <ReviewTable
            testId="send-review"
            rows={[
              {
                label: t('send.recipient'),
                value: built.review.recipient,
                testId: 'review-recipient',
                breakAll: true,
              },
              { label: t('send.amountLabel'), value: money(built.review.amount), testId: 'review-amount' },
              {
                label: t('send.networkFee'),
                value: `${money(built.review.fee)} · ${t('send.feeRate', { rate: built.review.feeRate ?? 0 })}`,
                testId: 'review-fee',
              },
              built.review.change && { label: t('send.change'), value: money(built.review.change.amount) },
              { label: t('send.total'), value: money(built.review.total), testId: 'review-total' },
            ]}
          />
          {step === 1 && (
            <SignActions
              signing={signing}
              onSign={() => void onSign()}
              onBack={reset}
              signTestId="send-sign"
              progressTestId="send-sign-progress"
            />
          )}
          {step === 2 && (
            <BroadcastActions
              onBroadcast={() => void onBroadcast()}
              onCancel={reset}
              testId="send-broadcast"
            />
          )}
        </Stack>
      )}

      {step === 3 && (
        <BroadcastStatus
          result={result}
          explorerUrl={(hash) => chain.adapter.explorer.tx(hash)}
          onDone={close}
          testIds="send"
        />
      )}

      {prompt && (
        <FeePromptModal
          prompt={prompt}
          onContinue={() => {
            setPrompt(null);
            if (prompt.kind === 'customFee') void onContinue(true);
            else setStep(1);
          }}
          // Closing the custom-fee question returns to Details; closing a fee-limit alert resets the send.
          onClose={() => (prompt.kind === 'customFee' ? setPrompt(null) : (setPrompt(null), reset()))}
        />
      )}
    </Modal>
  );
}
