/**
 * Speed up (RBF or CPFP; spec 01 §4 "Speed-up (BTC)"): the bitcoin family's use of the one send flow with
 * its own Details fields (the fee rate, and the CPFP recipient) and draft builder (buildRbf / buildCpfp).
 * A failure in building or signing is alerted and closes the modal.
 */
import { Loader, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operation } from '@secux-companion/chain-common';
import {
  RbfFeeTooLowError,
  type BtcBuiltTransaction,
  type SpeedUpKind,
} from '@secux-companion/chain-bitcoin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BitcoinChain } from '../chains';
import { coinText, errorText, issueText } from '@secux-companion/web-kit/lib/format';
import { refreshBalances } from '@secux-companion/web-kit/accounts/store';
import type { AppAccount } from '../account';
import { accountKeys } from '@secux-companion/web-kit/accounts/queryKeys';
import { SendFlowModal } from '@secux-companion/web-kit/send/SendFlowModal';
import { reviewTableRows } from '@secux-companion/web-kit/send/reviewRows';
import { usePrice } from '@secux-companion/web-kit/accounts/usePrice';
import { feeLimitPrompt } from '@secux-companion/web-kit/send/txFlow';
import { useSendFlow } from '@secux-companion/web-kit/send/useSendFlow';
import { bitcoinSigning } from './bitcoinFlow';
import { bitcoinSendAccount } from './SendModal';
import { checkSpeedUpFee, originalFeeRate, rbfMinimum, suggestedRange } from './speedUpRules';

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
  const queryClient = useQueryClient();
  const [feeText, setFeeText] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<string | null>(null);
  const sendAccount = bitcoinSendAccount(account);
  const { price, currency } = usePrice(account.chain);

  const fees = useQuery({
    queryKey: ['fees', account.chain, chain.networkId],
    queryFn: () => chain.adapter.getFees(),
  });
  const own = useQuery({
    queryKey: ['receive-address', account.id, 'cpfp'],
    // CPFP pays the child to the account's next receive address unless the user names another one.
    queryFn: () => chain.adapter.getReceiveAddress(sendAccount),
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

  const flow = useSendFlow<BtcBuiltTransaction>({
    ...bitcoinSigning(chain, sendAccount),
    prompts: [(built) => feeLimitPrompt(account.chain, built.review.fee)],
    describeError: (e) =>
      e instanceof RbfFeeTooLowError ? t('speedUp.tooLow', { minimum: e.minimum }) : errorText(t, e),
    // A build or signing failure is alerted and closes (a device cancel closes silently).
    onFailure: (message) => {
      if (message !== null) window.alert(message);
      onClose();
    },
  });

  useEffect(() => {
    if (fees.isError) {
      window.alert(errorText(t, fees.error));
      onClose();
    }
  }, [fees.isError, fees.error, onClose, t]);

  const onContinue = () => {
    if (!check?.ok || !tiers || recipientMissing) return;
    const rate = check.rate;
    // The adapter builds from the history Operation as it is.
    void flow.start(() =>
      kind === 'rbf'
        ? chain.adapter.buildRbf(sendAccount, operation, { feeRate: rate, networkFeeRate: tiers.medium })
        : chain.adapter.buildCpfp(sendAccount, operation, { recipient: to.trim(), targetFeeRate: rate }),
    );
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

  const money = (v: bigint) => `${coinText(v, account.chain)} ${account.chain}`;

  const details = (
    <>
      {!tiers && <Loader size="sm" aria-label={t('accounts.loading')} />}
      <Text size="sm" data-testid="speed-up-kind" data-kind={kind}>
        {kind === 'rbf' ? t('speedUp.explainRbf') : t('speedUp.explainCpfp')}
      </Text>
      <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {operation.hash}
      </Text>
      <Text size="sm">{t('speedUp.originalFee', { fee: money(operation.fee), rate: original })}</Text>
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
    </>
  );

  return (
    <SendFlowModal
      flow={flow}
      title={kind === 'rbf' ? t('speedUp.titleRbf') : t('speedUp.titleCpfp')}
      testIds="speed-up"
      continueTestId="speed-up-next"
      modalTestId="speed-up-modal"
      details={details}
      canContinue={!!check?.ok && !recipientMissing}
      onContinue={onContinue}
      reviewRows={(built) =>
        reviewTableRows(t, chain.adapter.reviewRows(built), {
          coin: { symbol: account.chain, digits: chain.unit.digits },
          price,
          currencySymbol: currency.symbol,
          testIds: 'speed-up',
        })
      }
      explorerUrl={(hash) => chain.adapter.explorer.tx(hash)}
      onClose={onClose}
      onDone={done}
    />
  );
}
