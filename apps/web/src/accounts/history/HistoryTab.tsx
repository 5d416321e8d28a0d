import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Operation } from '@secux-companion/chain-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS } from '../../lib/links';
import type { BitcoinChain } from '../../chains/bitcoin';
import { coinText } from '../format';
import type { AppAccount } from '../types';
import { accountKeys, descriptorOf } from '../useChain';
import { HISTORY_REFRESH_MS, historyErrorKey, isAtBottom, formatTime } from './historyRules';
import { speedUpKindFor } from '../speedup/speedUpRules';
import { useDeviceInfo } from '../../state/deviceInfo';
import { SpeedUpModal } from '../speedup/SpeedUpModal';

/** History tab: 10 per page, infinite scroll (1 px tolerance), pending items, explorer links. */
export function HistoryTab({ account, chain }: { account: AppAccount; chain: BitcoinChain }) {
  const { t, i18n } = useTranslation();
  const deviceType = useDeviceInfo((s) => s.deviceType);
  const [speedUp, setSpeedUp] = useState<Operation | null>(null);
  const q = useInfiniteQuery({
    queryKey: accountKeys.history(account.id),
    queryFn: ({ pageParam }) => chain.adapter.getHistory(descriptorOf(account), pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    retry: 1,
    // Always fresh when the tab opens, and kept current while it is open (pending items confirm, new ones arrive).
    staleTime: 0,
    refetchInterval: HISTORY_REFRESH_MS,
  });
  const ops = q.data?.pages.flatMap((p) => p.operations) ?? [];

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (isAtBottom(el) && q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
  };

  if (q.isPending) return <Loader size="sm" aria-label={t('history.loading')} />;
  if (q.isError && ops.length === 0)
    return (
      <Alert color="yellow" data-testid="history-error">
        {t(`errors.${historyErrorKey(q.error)}`)}
      </Alert>
    );
  if (ops.length === 0) return <Text data-testid="history-empty">{t('errors.state-22')}</Text>;

  return (
    <>
      <Stack gap="xs" mah={520} style={{ overflowY: 'auto' }} onScroll={onScroll} data-testid="history-list" role="list">
        {ops.map((op) => {
          const pending = op.blockHeight === null;
          const kind = speedUpKindFor(op, chain, deviceType);
          // The local regtest has no public explorer.
          const link = chain.adapter.network.testnet && chain.networkId === 'LTC_REGTEST' ? undefined : chain.adapter.explorer.tx(op.hash);
          return (
            <Paper withBorder p="sm" key={op.hash} role="listitem" data-testid="history-item" data-hash={op.hash} data-pending={pending}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} data-testid="history-direction">
                      {t(`history.direction.${op.direction}`)}
                    </Text>
                    {pending && (
                      <Badge color="orange" variant="light" data-testid="history-pending">
                        {t('history.pending')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatTime(op.time, i18n.language) ?? t('errors.invalidTimestamp')}
                  </Text>
                  {link ? (
                    <Anchor href={link} {...EXTERNAL_LINK_PROPS} size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {op.hash}
                    </Anchor>
                  ) : (
                    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {op.hash}
                    </Text>
                  )}
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Text fw={600} data-testid="history-amount" c={op.direction === 'in' ? 'teal' : undefined}>
                    {`${op.direction === 'out' ? '−' : op.direction === 'in' ? '+' : ''}${coinText(op.value, account.chain)} ${account.chain}`}
                  </Text>
                  {kind && (
                    <Button size="xs" variant="light" onClick={() => setSpeedUp(op)} data-testid="history-speed-up" data-kind={kind}>
                      {t('speedUp.button')}
                    </Button>
                  )}
                </Stack>
              </Group>
            </Paper>
          );
        })}
        {q.isFetchingNextPage && <Loader size="xs" aria-label={t('history.loading')} />}
        {q.isError && ops.length > 0 && <Text c="dimmed">{t(`errors.${historyErrorKey(q.error)}`)}</Text>}
      </Stack>
      {speedUp && (
        <SpeedUpModal
          account={account}
          chain={chain}
          operation={speedUp}
          kind={speedUpKindFor(speedUp, chain, deviceType)!}
          onClose={() => setSpeedUp(null)}
        />
      )}
    </>
  );
}
