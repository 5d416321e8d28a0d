import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operation } from '@secux-companion/chain-common';
import {
  RbfFeeTooLowError,
  type BtcBuiltTransaction,
  type SpeedUpKind,
} from '@secux-companion/chain-bitcoin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../../components/useModalSize';
import type { BitcoinChain } from '../../chains/bitcoin';
import { coinText, errorText, issueText } from '../format';
import { nextReceiveAddress } from '../receive/ReceiveModal';
import { broadcastSigned, checkFeeAlert, signOnDevice, type BroadcastOutcome } from '../send/txFlow';
import { refreshBalances } from '../store';
import type { AppAccount } from '../types';
import { accountKeys, descriptorOf } from '../useChain';
import {
  checkSpeedUpFee,
  operationToUtxoTx,
  originalFeeRate,
  rbfMinimum,
  suggestedRange,
} from './speedUpRules';
import {
  BroadcastActions,
  BroadcastStatus,
  FeePromptModal,
  ReviewTable,
  SendStepper,
  SignActions,
  type FeePrompt,
  type SendStep,
} from '../send/SendSteps';

/** Speed-up modal (RBF or CPFP, one button picks the method): Details, Verification, Send, Status. */
export function SpeedUpModal({
  account,
  chain,
  operation,
  kind,
  onClose,
}: {
  account: AppAccount;
  chain: BitcoinChain;
  operation: Operation;
  kind: SpeedUpKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SendStep>(0);
  const [feeText, setFeeText] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<string | null>(null);
  const [building, setBuilding] = useState(false);
  const [built, setBuilt] = useState<BtcBuiltTransaction | null>(null);
  const [signing, setSigning] = useState<{ current: number; total: number } | null>(null);
  const [signed, setSigned] = useState<{ hash: string; raw: string } | null>(null);
  const [result, setResult] = useState<BroadcastOutcome | 'loading' | null>(null);
  const [feePrompt, setFeePrompt] = useState<FeePrompt | null>(null);

  const fees = useQuery({
    queryKey: ['fees', account.chain, chain.networkId],
    queryFn: () => chain.adapter.getFees(),
  });
  const own = useQuery({
    queryKey: ['receive-address', account.id, 'cpfp'],
    queryFn: () => nextReceiveAddress(chain, account),
    enabled: kind === 'cpfp',
  });
  const tiers = fees.data?.tiers;
  const original = originalFeeRate(operation);
  const minimum = tiers ? (kind === 'rbf' ? rbfMinimum(operation, tiers.medium) : tiers.low) : 0;
  const range = tiers ? suggestedRange(tiers, original) : null;
  const defaultFee = tiers ? String(kind === 'rbf' ? minimum : Math.max(range!.min, tiers.low)) : '';
  const text = feeText ?? defaultFee;
  const to = recipient ?? own.data?.address ?? '';
  const check = tiers ? checkSpeedUpFee(kind, text, minimum, tiers) : null;
  const recipientMissing = kind === 'cpfp' && to.trim() === '';

  useEffect(() => {
    if (fees.isError) {
      window.alert(errorText(t, fees.error));
      onClose();
    }
  }, [fees.isError, fees.error, onClose, t]);

  const fail = (e: unknown) => {
    console.warn('speed-up failed', e);
    window.alert(
      e instanceof RbfFeeTooLowError ? t('speedUp.tooLow', { minimum: e.minimum }) : errorText(t, e),
    );
    onClose();
  };

  const onNext = async () => {
    if (!check?.ok || !tiers || recipientMissing) return;
    setBuilding(true);
    try {
      const tx = operationToUtxoTx(operation);
      const b =
        kind === 'rbf'
          ? await chain.adapter.buildRbf(descriptorOf(account), tx, {
              feeRate: check.rate,
              networkFeeRate: tiers.medium,
            })
          : await chain.adapter.buildCpfp(descriptorOf(account), tx, {
              recipient: to.trim(),
              targetFeeRate: check.rate,
            });
      setBuilt(b);
      const alert = await checkFeeAlert(account.chain, b.review.fee);
      if (alert.alert === 'max_fee') setFeePrompt({ kind: 'max_fee' });
      else if (alert.alert === 'higher_fee')
        setFeePrompt({ kind: 'higher_fee', limit: alert.limit ?? '', currency: alert.currency ?? '' });
      else setStep(1);
    } catch (e) {
      fail(e);
    } finally {
      setBuilding(false);
    }
  };

  const onSign = async () => {
    if (!built) return;
    setSigning({ current: 0, total: built.signRequest.inputs.length });
    const outcome = await signOnDevice(chain, built, (current, total) => setSigning({ current, total }));
    setSigning(null);
    if (outcome.kind === 'signed') {
      setSigned(outcome.tx);
      setStep(2);
    } else if (outcome.kind === 'cancelled') {
      onClose();
    } else {
      fail(new Error(outcome.messageKey ? t(`errors.${outcome.messageKey}`) : (outcome.message ?? '')));
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

  const done = () => {
    onClose();
    void queryClient.invalidateQueries({ queryKey: accountKeys.history(account.id) });
    void queryClient.invalidateQueries({ queryKey: accountKeys.state(account.id) });
    refreshBalances().catch((e: unknown) => {
      console.warn('refresh failed', e);
      window.alert(t('errors.err-40'));
    });
  };

  return (
    <Modal
      opened
      onClose={step === 3 && result !== 'loading' ? done : onClose}
      size={size}
      title={kind === 'rbf' ? t('speedUp.titleRbf') : t('speedUp.titleCpfp')}
      closeOnClickOutside={false}
      data-testid="speed-up-modal"
    >
      <SendStepper step={step} />
      {step === 0 && (
        <Stack>
          {!tiers && <Loader size="sm" aria-label={t('accounts.loading')} />}
          <Text size="sm" data-testid="speed-up-kind" data-kind={kind}>
            {kind === 'rbf' ? t('speedUp.explainRbf') : t('speedUp.explainCpfp')}
          </Text>
          <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {operation.hash}
          </Text>
          <Text size="sm">
            {t('speedUp.originalFee', {
              fee: `${coinText(operation.fee, account.chain)} ${account.chain}`,
              rate: original,
            })}
          </Text>
          {range && <Text size="sm">{t('speedUp.suggested', { min: range.min, max: range.max })}</Text>}
          {kind === 'cpfp' && (
            <TextInput
              label={t('send.recipient')}
              value={to}
              onChange={(e) => setRecipient(e.currentTarget.value)}
              error={recipientMissing ? t('errors.recipientMissing') : undefined}
              data-testid="speed-up-recipient"
            />
          )}
          <TextInput
            label={t('speedUp.feeRate')}
            value={text}
            inputMode="numeric"
            onChange={(e) => setFeeText(e.currentTarget.value)}
            error={
              check && !check.ok && !check.blank
                ? check.issue
                  ? issueText(t, check.issue)
                  : t('speedUp.tooLow', { minimum: check.tooLow })
                : undefined
            }
            data-testid="speed-up-fee"
          />
          <Group justify="flex-end">
            <Button
              onClick={() => void onNext()}
              disabled={!check?.ok || recipientMissing}
              loading={building}
              data-testid="speed-up-next"
            >
              {t('send.continue')}
            </Button>
          </Group>
        </Stack>
      )}
      {(step === 1 || step === 2) && built && (
        <Stack>
          <ReviewTable
            rows={[
              { label: t('send.recipient'), value: built.review.recipient, breakAll: true },
              {
                label: t('send.amountLabel'),
                value: `${coinText(built.review.amount, account.chain)} ${account.chain}`,
              },
              {
                label: t('send.networkFee'),
                value: `${coinText(built.review.fee, account.chain)} ${account.chain} · ${t('send.feeRate', { rate: built.review.feeRate ?? 0 })}`,
                testId: 'speed-up-review-fee',
              },
            ]}
          />
          {step === 1 ? (
            <SignActions signing={signing} onSign={() => void onSign()} signTestId="speed-up-sign" />
          ) : (
            <BroadcastActions onBroadcast={() => void onBroadcast()} testId="speed-up-broadcast" />
          )}
        </Stack>
      )}
      {step === 3 && (
        <BroadcastStatus
          result={result}
          explorerUrl={(hash) => chain.adapter.explorer.tx(hash)}
          onDone={done}
          testIds="speed-up"
        />
      )}
      {feePrompt && (
        <FeePromptModal
          prompt={feePrompt}
          onContinue={() => {
            setFeePrompt(null);
            setStep(1);
          }}
          // Closing a fee-limit alert drops the built replacement; the Details step stays.
          onClose={() => {
            setFeePrompt(null);
            setBuilt(null);
          }}
        />
      )}
    </Modal>
  );
}
