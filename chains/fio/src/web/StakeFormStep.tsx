/**
 * The stake flow's form step (spec 03 §2 Staking, §5): the available and staked balances, the 7-day APR, the amount
 * with its problem, the fee (a bundled transaction of the handle when it has some), the proxy vote an account that
 * does not vote signs first, the 7-day lock of an unstake, and a failure of the signature step.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatSuf, unlockDate } from '@secux-companion/chain-fio';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText, uiLanguage } from '@secux-companion/web-kit/lib/format';
import type { FioChain } from './chain';
import { dateTimeText } from './stake';
import type { StakeForm } from './useStakeForm';

function feeLine(t: TFunction, form: StakeForm, coin: string): string {
  const { fee, handle } = form;
  if (fee === null) return form.fees.isError ? t('fio.errors.feeFailed') : t('fio.feeLoading');
  if (fee === 0n && handle) return t('fio.stake.bundledFee', { handle, n: form.plan?.length ?? 1 });
  return t('fio.fee', { fee: `${formatSuf(fee)} ${coin}` });
}

function aprLine(t: TFunction, form: StakeForm): string {
  if (form.apr) return t('fio.stake.apr', { apr: form.apr });
  return form.staking.isLoading ? t('fio.loading') : t('fio.stake.aprNone');
}

export function StakeFormStep({
  chain,
  form,
  failure,
  onNext,
  onClose,
}: {
  chain: FioChain;
  form: StakeForm;
  /** The signature step's failure. */
  failure: string | null;
  onNext: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { mode, staking, state, problem, amountInput } = form;
  const fio = (suf: bigint) => `${formatSuf(suf)} ${chain.coin}`;
  const problemText = (p: NonNullable<typeof problem>) =>
    p === 'insufficient' ? t('fio.insufficientBalance') : t(`fio.stake.errors.${p}`);
  return (
    <Stack>
      <Group gap="lg">
        <Text size="sm" data-testid="fio-stake-available">
          {t('fio.balance.available', { amount: fio(form.balances.available) })}
        </Text>
        <Text size="sm" data-testid="fio-stake-staked">
          {t('fio.balance.staked', { amount: fio(form.balances.staked) })}
        </Text>
      </Group>
      <Text size="sm" data-testid="fio-stake-apr">
        {aprLine(t, form)}
      </Text>
      <TextInput
        label={t('fio.stake.amount', { coin: chain.coin })}
        value={amountInput}
        inputMode="decimal"
        autoComplete="off"
        onChange={(e) => form.setAmountInput(e.currentTarget.value.replace(/[^\d.]/g, ''))}
        error={amountInput !== '' && problem ? problemText(problem) : undefined}
        data-testid="fio-stake-amount"
      />
      <Text size="sm" data-testid="fio-stake-fee">
        {feeLine(t, form, chain.coin)}
      </Text>
      {mode === 'stake' && staking.data && !staking.data.voted && (
        <Alert color="blue" data-testid="fio-stake-vote-note">
          {t('fio.stake.voteNote', { proxy: form.proxy })}
        </Alert>
      )}
      {mode === 'unstake' && (
        <Text size="sm" data-testid="fio-stake-lock-note">
          {t('fio.stake.lockNote', { date: dateTimeText(unlockDate(new Date()), uiLanguage()) })}
        </Text>
      )}
      {(staking.isError || state.isError) && (
        <Alert color="red" role="alert">
          {errorText(t, staking.error ?? state.error)}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" data-testid="fio-stake-error">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('fio.cancel')}
        </Button>
        <Button onClick={onNext} disabled={!form.canNext} data-testid="fio-stake-next">
          {t('fio.next')}
        </Button>
      </Group>
    </Stack>
  );
}
