import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatUnits } from '@secux-companion/core';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS } from '../lib/links';
import { HISTORY_REFRESH_MS, formatTime, historyErrorKey, isAtBottom } from '../accounts/history/historyRules';
import type { EvmChain } from '../chains/evm';
import { evmCoinText } from './format';
import type { EvmAccount } from './store';

export const evmHistoryKey = (id: string) => ['evm-history', id] as const;

/** History: explorer txlist and tokentx merged by hash (errored dropped, newest first), 10 per page. */
export function EvmHistoryTab({ chain, account }: { chain: EvmChain; account: EvmAccount }) {
  const { t, i18n } = useTranslation();
  const q = useInfiniteQuery({
    queryKey: evmHistoryKey(account.id),
    queryFn: ({ pageParam }) =>
      chain.adapter.getHistory({ chain: chain.spec.symbol, index: account.index, bip: 44, path: account.path, address: account.address }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    retry: 1,
    staleTime: 0,
    refetchInterval: HISTORY_REFRESH_MS,
  });
  const ops = q.data?.pages.flatMap((p) => p.operations) ?? [];
  if (q.isPending) return <Loader size="sm" aria-label={t('history.loading')} />;
  if (q.isError && ops.length === 0)
    return (
      <Alert color="yellow" data-testid="history-error">
        {t(`errors.${historyErrorKey(q.error)}`)}
      </Alert>
    );
  if (ops.length === 0) return <Text data-testid="history-empty">{t('errors.state-22')}</Text>;
  return (
    <Stack
      gap="xs"
      mah={520}
      style={{ overflowY: 'auto' }}
      onScroll={(e) => {
        if (isAtBottom(e.currentTarget) && q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
      }}
      data-testid="history-list"
      role="list"
    >
      {ops.map((op) => {
        const link = chain.local ? undefined : chain.adapter.explorer.tx(op.hash);
        const amount = op.token ? `${formatUnits(op.value, op.token.decimals, { maxDigits: 8 })} ${op.token.symbol}` : evmCoinText(op.value, chain);
        return (
          <Paper withBorder p="sm" key={`${op.hash}:${op.token?.contract ?? ''}`} role="listitem" data-testid="history-item" data-hash={op.hash}>
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} data-testid="history-direction">
                    {t(`history.direction.${op.direction}`)}
                  </Text>
                  {op.blockHeight === null && (
                    <Badge color="orange" variant="light">
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
              <Text fw={600} data-testid="history-amount" c={op.direction === 'in' ? 'teal' : undefined}>
                {`${op.direction === 'out' ? '−' : op.direction === 'in' ? '+' : ''}${amount}`}
              </Text>
            </Group>
          </Paper>
        );
      })}
      {q.isFetchingNextPage && <Loader size="xs" aria-label={t('history.loading')} />}
    </Stack>
  );
}
