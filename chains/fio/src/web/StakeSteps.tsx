/**
 * The stake flow's steps after the form (spec 03 §2 Staking): the signature (which action the device signs, and the
 * digest it shows), the confirmation of what was signed, and the status (a spinner while pending, then the stake
 * details with the transaction ids, the explorer link and the unlock date of unstaked FIO, or the failure).
 */
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { formatSuf, unlockDate } from '@secux-companion/chain-fio';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uiLanguage } from '@secux-companion/web-kit/lib/format';
import { CopyText } from '@secux-companion/web-kit/components/CopyText';
import type { FioChain } from './chain';
import { dateTimeText, type StakeMode, type StakeStepKind } from './stake';
import type { Signed, StakeResult, StakeTxIds } from './stakeFlow';
import type { StakeOrder } from './useStakeForm';

const fioText = (chain: FioChain, suf: bigint) => `${formatSuf(suf)} ${chain.coin}`;

export function StakeSigning({
  chain,
  mode,
  order,
  kind,
  digest,
}: {
  chain: FioChain;
  mode: StakeMode;
  order: StakeOrder | null;
  /** The action on the device. */
  kind: StakeStepKind | undefined;
  digest: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack aria-live="polite">
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" aria-hidden />
        <Text data-testid="fio-stake-signing">
          {kind === 'proxyVote'
            ? t('fio.stake.signVote', { proxy: order?.proxy ?? '' })
            : t(mode === 'stake' ? 'fio.stake.signStake' : 'fio.stake.signUnstake', {
                amount: fioText(chain, order?.amount ?? 0n),
              })}
        </Text>
      </Group>
      {digest && (
        <Alert color="blue" data-testid="fio-stake-digest">
          {t('fio.digestNote', { digest })}
        </Alert>
      )}
    </Stack>
  );
}

export function StakeReview({
  chain,
  mode,
  accountName,
  order,
  signed,
  onBack,
  onBroadcast,
}: {
  chain: FioChain;
  mode: StakeMode;
  accountName: string;
  order: StakeOrder;
  signed: readonly Signed[];
  onBack: () => void;
  onBroadcast: () => void;
}) {
  const { t } = useTranslation();
  const row = (label: string, value: ReactNode, testId?: string) => (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack>
      <Table>
        <Table.Tbody>
          {row(
            t('fio.action'),
            t(mode === 'stake' ? 'fio.stake.stake' : 'fio.stake.unstake'),
            'fio-stake-review-action',
          )}
          {row(t('fio.account'), accountName)}
          {row(t('fio.stake.amountLabel'), fioText(chain, order.amount), 'fio-stake-review-amount')}
          {row(
            t('fio.maxFee'),
            fioText(
              chain,
              signed.reduce((a, s) => a + s.built.unsigned.maxFee, 0n),
            ),
            'fio-stake-review-fee',
          )}
          {order.handle && row(t('fio.cryptoHandle'), order.handle)}
          {signed.some((s) => s.kind === 'proxyVote') &&
            row(t('fio.stake.proxyLabel'), order.proxy, 'fio-stake-review-proxy')}
          {mode === 'unstake' &&
            row(t('fio.stake.unlockLabel'), dateTimeText(unlockDate(new Date()), uiLanguage()))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('fio.back')}
        </Button>
        <Button onClick={onBroadcast} data-testid="fio-stake-broadcast">
          {t('fio.stake.broadcast')}
        </Button>
      </Group>
    </Stack>
  );
}

function TxIdRows({ txIds, proxy }: { txIds: StakeTxIds; proxy: string }) {
  const { t } = useTranslation();
  return txIds.map((x) => (
    <Table.Tr key={x.txId}>
      <Table.Td>{x.kind === 'proxyVote' ? t('fio.stake.voteTx', { proxy }) : t('fio.stake.txId')}</Table.Td>
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
  ));
}

function StakeSuccess({
  chain,
  mode,
  order,
  result,
}: {
  chain: FioChain;
  mode: StakeMode;
  order: StakeOrder;
  result: Extract<StakeResult, { state: 'success' }>;
}) {
  const { t } = useTranslation();
  const action = mode === 'stake' ? 'stakeFioTokens' : 'unStakeFioTokens';
  const mainTx = result.txIds.find((x) => x.kind === action);
  const explorer = mainTx && !chain.local ? chain.adapter.explorer.tx(mainTx.txId) : undefined;
  return (
    <>
      <Alert color="green" data-testid="fio-stake-success">
        {t('errors.state-010')}
      </Alert>
      <Table data-testid="fio-stake-details">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('fio.stake.amountLabel')}</Table.Td>
            <Table.Td>{fioText(chain, order.amount)}</Table.Td>
          </Table.Tr>
          <TxIdRows txIds={result.txIds} proxy={order.proxy} />
          {mode === 'unstake' && (
            <Table.Tr>
              <Table.Td>{t('fio.stake.unlockLabel')}</Table.Td>
              <Table.Td data-testid="fio-stake-unlock">
                {dateTimeText(unlockDate(result.at), uiLanguage())}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {explorer && (
        <Anchor href={explorer} target="_blank" rel="noopener noreferrer" data-testid="fio-stake-explorer">
          {t('fio.explorer')}
        </Anchor>
      )}
    </>
  );
}

export function StakeStatus({
  chain,
  mode,
  order,
  result,
  onDone,
}: {
  chain: FioChain;
  mode: StakeMode;
  order: StakeOrder;
  /** 'loading' while the actions are pushed. */
  result: StakeResult | 'loading';
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack aria-live="polite">
      {result === 'loading' && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text data-testid="fio-stake-pending">{t('fio.stake.pending')}</Text>
        </Group>
      )}
      {result !== 'loading' && result.state === 'success' && (
        <StakeSuccess chain={chain} mode={mode} order={order} result={result} />
      )}
      {result !== 'loading' && result.state === 'failed' && (
        <>
          <Alert color="red" role="alert" title={t('errors.err-08')} data-testid="fio-stake-failed">
            {/* The failure's own words, unless they are err-08's again. */}
            {result.message !== t('errors.err-08') && result.message}
          </Alert>
          {result.txIds.map((x) => (
            <Text key={x.txId} size="xs" data-testid="fio-stake-vote-done">
              {t('fio.stake.voteTx', { proxy: order.proxy })}:{' '}
              <span style={{ wordBreak: 'break-all' }}>{x.txId}</span>
            </Text>
          ))}
        </>
      )}
      {result !== 'loading' && (
        <Group justify="flex-end">
          <Button onClick={onDone} data-testid="fio-stake-close">
            {t('fio.close')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
