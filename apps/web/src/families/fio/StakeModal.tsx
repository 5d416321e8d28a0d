/**
 * Stake and unstake FIO (spec 03 §2 Staking, §4, §5): four steps — form, signature, confirmation, status — the way
 * chosen by the title ('Stake Process' stakes, any other title unstakes).
 * - Form: the available and staked balances, the 7-day APR of the staking service (2 decimals), the amount (not
 *   above the available balance when staking or the staked balance when unstaking, no leading 0, no trailing
 *   non-digit: 'Insufficient Balance' …), the fee from /get_fee (a bundled transaction of the handle when it has
 *   some), and for unstaking the 7-day lock with its unlock date.
 * - Signature prepares the stake: each action is built and signed on the device (the device shows only a digest,
 *   shown here to compare). FIO refuses a stake from an account that neither votes nor proxies, so such an account
 *   first proxies its vote to the default proxy, as FIO's own tools do — the form says so and the proxy vote has its
 *   own signature text. A failure resets the step to the form (a cancel on the device silently).
 * - Confirmation shows what was signed; Broadcast pushes it in order.
 * - Status: a spinner while pending, then the stake details (transaction id with copy, explorer link, the unlock
 *   date of unstaked FIO) or the failure. Close returns to the account, which reads its balances again.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { formatSuf, parseFio, unlockDate, type FioBuiltAction } from '@secux-companion/chain-fio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, uiLanguage } from '../../accounts/format';
import { CopyText } from '../../components/CopyText';
import { useModalSize } from '../../components/useModalSize';
import { currentDevice } from '../../device/runtime';
import { deviceFailure } from './domain/model';
import type { FioChain } from './chain';
import type { FioAccount } from './rules';
import {
  aprText,
  dateTimeText,
  payingHandle,
  stakeFormProblem,
  stakeModeOf,
  stakePlan,
  type StakeStepKind,
  type StakeTitle,
} from './stake';

/** The staking state of an account (the staking service's APR, vote, default proxy and the unstake lock). */
export const stakingKey = (coin: string, address: string) => ['fio-staking', coin, address] as const;

interface Signed {
  kind: StakeStepKind;
  built: FioBuiltAction;
  signature: string;
}

type Status =
  | { state: 'pending' }
  | { state: 'success'; txIds: { kind: StakeStepKind; txId: string }[]; at: Date }
  /** txIds: what went through before the failure (the proxy vote stays recorded when the stake fails). */
  | { state: 'failed'; message: string; txIds: { kind: StakeStepKind; txId: string }[] };

export function StakeModal({
  chain,
  account,
  descriptor,
  title,
  handles,
  onClose,
  onDone,
}: {
  chain: FioChain;
  account: FioAccount;
  /** The account as the adapter reads it (the family's descriptor). */
  descriptor: AccountDescriptor;
  title: StakeTitle;
  /** The account's crypto handles (their bundled transactions pay the fees). */
  handles: readonly { handle: string; bundled: number }[];
  onClose: () => void;
  /** Close from Status: back to the account, which reads its balances again. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const mode = stakeModeOf(title);
  const names = chain.adapter.names;
  const [step, setStep] = useState(0);
  const [amountInput, setAmountInput] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [signing, setSigning] = useState<{ kind: StakeStepKind; digest: string | null } | null>(null);
  const [signed, setSigned] = useState<Signed[]>([]);
  const [status, setStatus] = useState<Status | null>(null);

  const staking = useQuery({
    queryKey: stakingKey(chain.coin, account.address),
    queryFn: () => names.staking(account.address),
    staleTime: 0,
  });
  const state = useQuery({
    queryKey: ['fio-stake-state', account.id],
    queryFn: () => chain.adapter.getAccountState(descriptor),
    staleTime: 0,
  });
  const plan = staking.data ? stakePlan(mode, staking.data.voted) : null;
  const handle = plan ? payingHandle(handles, plan.length) : '';
  const fees = useQuery({
    queryKey: ['fio-stake-fees', chain.coin, handle, plan?.join(',')],
    queryFn: async () => {
      const each = await Promise.all(plan!.map((kind) => names.fee(kind, handle)));
      return each.reduce((a, b) => a + b, 0n);
    },
    enabled: plan !== null,
    staleTime: 10_000,
  });

  const balances = {
    available: state.data?.available ?? 0n,
    staked: state.data?.staked ?? 0n,
  };
  const fee = fees.data ?? null;
  const problem =
    state.data && fee !== null ? stakeFormProblem(mode, amountInput, balances, fee) : ('invalid' as const);
  const canNext = !!plan && !!state.data && fee !== null && problem === null;
  const amount = problem === null ? parseFio(amountInput) : 0n;
  const proxy = staking.data?.defaultProxy ?? '';
  const apr = aprText(staking.data?.apr7d ?? null, uiLanguage());
  const fio = (suf: bigint) => `${formatSuf(suf)} ${chain.coin}`;
  const problemText = (p: NonNullable<typeof problem>) =>
    p === 'insufficient' ? t('fio.insufficientBalance') : t(`fio.stake.errors.${p}`);

  /** Step 2: build and sign each action on the device; a failure goes back to the form. */
  const prepare = async () => {
    if (!plan) return;
    setFailure(null);
    setStep(1);
    const done: Signed[] = [];
    try {
      for (const kind of plan) {
        setSigning({ kind, digest: null });
        const built = await names.build(
          descriptor,
          kind === 'proxyVote' ? { kind, handle, proxy } : { kind, handle, amount },
        );
        setSigning({ kind, digest: built.signRequest.digest });
        const signature = await currentDevice().signFio(built.signRequest.path, built.signRequest.sigData);
        done.push({ kind, built, signature });
      }
    } catch (e) {
      setSigning(null);
      setStep(0);
      const f = deviceFailure(e);
      if (!f.cancelled) setFailure(f.key ? t(f.key) : f.message || errorText(t, e));
      return;
    }
    setSigning(null);
    setSigned(done);
    setStep(2);
  };

  /** Step 4: pushes what was signed, in order (the proxy vote before the stake). */
  const broadcast = async () => {
    setStep(3);
    setStatus({ state: 'pending' });
    const txIds: { kind: StakeStepKind; txId: string }[] = [];
    try {
      for (const s of signed) {
        const txId = await names.signAndPush({ signFio: () => Promise.resolve(s.signature) }, s.built);
        txIds.push({ kind: s.kind, txId });
      }
      setStatus({ state: 'success', txIds, at: new Date() });
    } catch (e) {
      setStatus({ state: 'failed', message: e instanceof Error ? e.message : String(e), txIds });
    }
  };

  const action = mode === 'stake' ? 'stakeFioTokens' : 'unStakeFioTokens';
  const mainTx = status?.state === 'success' ? status.txIds.find((x) => x.kind === action) : undefined;
  const explorer = mainTx && !chain.local ? chain.adapter.explorer.tx(mainTx.txId) : undefined;
  const feeLine =
    fee === null
      ? fees.isError
        ? t('fio.errors.feeFailed')
        : t('fio.feeLoading')
      : fee === 0n && handle
        ? t('fio.stake.bundledFee', { handle, n: plan?.length ?? 1 })
        : t('fio.fee', { fee: fio(fee) });

  return (
    <Modal
      opened
      onClose={step === 3 && status?.state !== 'pending' ? onDone : onClose}
      size={size}
      title={t(mode === 'stake' ? 'fio.stake.titleStake' : 'fio.stake.titleUnstake')}
      data-testid="fio-stake-modal"
    >
      <Stepper active={step} size="xs" mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label={t('fio.stake.steps.form')} />
        <Stepper.Step label={t('fio.stake.steps.signature')} />
        <Stepper.Step label={t('fio.stake.steps.confirmation')} />
        <Stepper.Step label={t('fio.stake.steps.status')} />
      </Stepper>

      {step === 0 && (
        <Stack>
          <Group gap="lg">
            <Text size="sm" data-testid="fio-stake-available">
              {t('fio.balance.available', { amount: fio(balances.available) })}
            </Text>
            <Text size="sm" data-testid="fio-stake-staked">
              {t('fio.balance.staked', { amount: fio(balances.staked) })}
            </Text>
          </Group>
          <Text size="sm" data-testid="fio-stake-apr">
            {apr
              ? t('fio.stake.apr', { apr })
              : staking.isLoading
                ? t('fio.loading')
                : t('fio.stake.aprNone')}
          </Text>
          <TextInput
            label={t('fio.stake.amount', { coin: chain.coin })}
            value={amountInput}
            inputMode="decimal"
            autoComplete="off"
            onChange={(e) => setAmountInput(e.currentTarget.value.replace(/[^\d.]/g, ''))}
            error={amountInput !== '' && problem ? problemText(problem) : undefined}
            data-testid="fio-stake-amount"
          />
          <Text size="sm" data-testid="fio-stake-fee">
            {feeLine}
          </Text>
          {mode === 'stake' && staking.data && !staking.data.voted && (
            <Alert color="blue" data-testid="fio-stake-vote-note">
              {t('fio.stake.voteNote', { proxy })}
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
            <Button onClick={() => void prepare()} disabled={!canNext} data-testid="fio-stake-next">
              {t('fio.next')}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 1 && (
        <Stack aria-live="polite">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text data-testid="fio-stake-signing">
              {signing?.kind === 'proxyVote'
                ? t('fio.stake.signVote', { proxy })
                : t(mode === 'stake' ? 'fio.stake.signStake' : 'fio.stake.signUnstake', {
                    amount: fio(amount),
                  })}
            </Text>
          </Group>
          {signing?.digest && (
            <Alert color="blue" data-testid="fio-stake-digest">
              {t('fio.digestNote', { digest: signing.digest })}
            </Alert>
          )}
        </Stack>
      )}

      {step === 2 && (
        <Stack>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('fio.action')}</Table.Td>
                <Table.Td data-testid="fio-stake-review-action">
                  {t(mode === 'stake' ? 'fio.stake.stake' : 'fio.stake.unstake')}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('fio.account')}</Table.Td>
                <Table.Td>{account.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('fio.stake.amountLabel')}</Table.Td>
                <Table.Td data-testid="fio-stake-review-amount">{fio(amount)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('fio.maxFee')}</Table.Td>
                <Table.Td data-testid="fio-stake-review-fee">
                  {fio(signed.reduce((a, s) => a + s.built.unsigned.maxFee, 0n))}
                </Table.Td>
              </Table.Tr>
              {handle && (
                <Table.Tr>
                  <Table.Td>{t('fio.cryptoHandle')}</Table.Td>
                  <Table.Td>{handle}</Table.Td>
                </Table.Tr>
              )}
              {signed.some((s) => s.kind === 'proxyVote') && (
                <Table.Tr>
                  <Table.Td>{t('fio.stake.proxyLabel')}</Table.Td>
                  <Table.Td data-testid="fio-stake-review-proxy">{proxy}</Table.Td>
                </Table.Tr>
              )}
              {mode === 'unstake' && (
                <Table.Tr>
                  <Table.Td>{t('fio.stake.unlockLabel')}</Table.Td>
                  <Table.Td>{dateTimeText(unlockDate(new Date()), uiLanguage())}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep(0)}>
              {t('fio.back')}
            </Button>
            <Button onClick={() => void broadcast()} data-testid="fio-stake-broadcast">
              {t('fio.stake.broadcast')}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 3 && status && (
        <Stack aria-live="polite">
          {status.state === 'pending' && (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text data-testid="fio-stake-pending">{t('fio.stake.pending')}</Text>
            </Group>
          )}
          {status.state === 'success' && (
            <>
              <Alert color="green" data-testid="fio-stake-success">
                {t('fio.success')}
              </Alert>
              <Table data-testid="fio-stake-details">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{t('fio.stake.amountLabel')}</Table.Td>
                    <Table.Td>{fio(amount)}</Table.Td>
                  </Table.Tr>
                  {status.txIds.map((x) => (
                    <Table.Tr key={x.txId}>
                      <Table.Td>
                        {x.kind === 'proxyVote' ? t('fio.stake.voteTx', { proxy }) : t('fio.stake.txId')}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text
                            ff="monospace"
                            size="xs"
                            style={{ wordBreak: 'break-all' }}
                            data-testid={x.kind === 'proxyVote' ? 'fio-stake-vote-txid' : 'fio-stake-txid'}
                          >
                            {x.txId}
                          </Text>
                          <CopyText value={x.txId} size="xs" />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {mode === 'unstake' && (
                    <Table.Tr>
                      <Table.Td>{t('fio.stake.unlockLabel')}</Table.Td>
                      <Table.Td data-testid="fio-stake-unlock">
                        {dateTimeText(unlockDate(status.at), uiLanguage())}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
              {explorer && (
                <Anchor
                  href={explorer}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="fio-stake-explorer"
                >
                  {t('fio.explorer')}
                </Anchor>
              )}
            </>
          )}
          {status.state === 'failed' && (
            <>
              <Alert color="red" role="alert" data-testid="fio-stake-failed">
                {t('fio.trFail', { message: status.message })}
              </Alert>
              {status.txIds.map((x) => (
                <Text key={x.txId} size="xs" data-testid="fio-stake-vote-done">
                  {t('fio.stake.voteTx', { proxy })}: <span style={{ wordBreak: 'break-all' }}>{x.txId}</span>
                </Text>
              ))}
            </>
          )}
          {status.state !== 'pending' && (
            <Group justify="flex-end">
              <Button onClick={onDone} data-testid="fio-stake-close">
                {t('fio.close')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
