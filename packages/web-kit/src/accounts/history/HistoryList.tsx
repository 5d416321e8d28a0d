import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { Direction, HistoryPage } from '@secux-companion/chain-common';
import { createContext, memo, useContext, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS } from '../../lib/links';
import { HISTORY_REFRESH_MS, formatTime, historyErrorKey, isAtBottom } from './historyRules';

/** One history entry as the list shows it; each family maps its operations to this. */
export interface HistoryItemView {
  /** React key: the hash, or more when one transaction gives several entries (EVM token transfers). */
  key: string;
  hash: string;
  direction: Direction;
  pending: boolean;
  time: number | null;
  /** Amount with its symbol, unsigned: the list adds − or + by direction. */
  amount: string;
  /** The transaction on the block explorer; none on local networks. */
  link?: string;
  /** A control under the amount (the bitcoin family's Speed up). */
  action?: ReactNode;
  /** The user's label of the transaction (BIP-329, kept in this browser). */
  label?: string | undefined;
  /** A transfer of nothing that someone else sent (a common spam and address-poisoning trick): flagged. */
  zeroValue?: boolean | undefined;
}

/** Opens the label editor of a transaction; absent: the items have no Label control. */
export const EditLabelContext = createContext<((hash: string) => void) | null>(null);

/** Reads one page of history (the first with a null cursor). Call-signature form: see HistoryQueryState. */
interface FetchHistoryPage {
  (cursor: string | null): Promise<HistoryPage>;
}

/**
 * The paged history of one account, in the pages the family's adapter serves (their size is the family's), always
 * fresh when the tab opens and re-read while it is open.
 */
export function useHistoryPages(queryKey: readonly unknown[], fetchPage: FetchHistoryPage) {
  const q = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    retry: 1,
    // Always fresh when the tab opens, and kept current while it is open (pending items confirm, new ones arrive).
    staleTime: 0,
    refetchInterval: HISTORY_REFRESH_MS,
  });
  return { query: q, operations: q.data?.pages.flatMap((p) => p.operations) ?? [] };
}

/**
 * What the list needs of the infinite query (loading, failure, next page). Method syntax for the function:
 * an arrow type returning a generic reads as JSX text to i18n.test.ts.
 */
interface HistoryQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * History list (spec 01 §2 "History tab"): loading, error (state-23 / serverBusy) and empty (state-22)
 * states, then the items with infinite scroll at the bottom (1 px tolerance).
 */
export function HistoryList({
  query: q,
  items,
  simpleLink,
}: {
  query: HistoryQueryState;
  items: readonly HistoryItemView[];
  /** The account's history on the block explorer, offered when the list cannot be read (spec 02 §8 simple link). */
  simpleLink?: string | undefined;
}) {
  const { t } = useTranslation();
  if (q.isPending) return <Loader size="sm" aria-label={t('history.loading')} />;
  if (q.isError && items.length === 0)
    return (
      <Alert color="yellow" data-testid="history-error">
        <Stack gap={4}>
          <Text size="sm">{t(`errors.${historyErrorKey(q.error)}`)}</Text>
          {simpleLink && (
            <Anchor href={simpleLink} size="sm" {...EXTERNAL_LINK_PROPS} data-testid="history-simple-link">
              {t('history.simpleLink')}
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  if (items.length === 0) return <Text data-testid="history-empty">{t('errors.state-22')}</Text>;

  return <VirtualItems query={q} items={items} />;
}

/** Height of the list's scroll area, and the first estimate of one item before any is measured. */
export const HISTORY_LIST_HEIGHT = 520;
export const HISTORY_ITEM_ESTIMATE = 96;

/**
 * The items, virtualized (issue 20): only the rows in view (and a few around them) are in the page, so a
 * history of thousands of loaded items renders and scrolls as fast as one of ten. Rows are measured as they
 * render (hash lines wrap); the next page loads at the bottom (1 px tolerance).
 */
export function VirtualItems({
  query: q,
  items,
}: {
  query: Pick<
    HistoryQueryState,
    'isError' | 'error' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
  >;
  items: readonly HistoryItemView[];
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The height of the last row measured is the estimate of the rows not measured yet: the rows of a list are
  // alike, so a row that scrolls into view measures what was estimated and nothing moves. A fixed estimate
  // that missed by a few pixels made every new row re-position the rows after it and render the list again,
  // synchronously, during the scroll.
  const typical = useRef(HISTORY_ITEM_ESTIMATE);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => typical.current,
    measureElement: (el, entry, instance) => {
      const size = measureElement(el, entry, instance);
      if (size > 0) typical.current = size; // no layout (jsdom, a hidden tab): keep the estimate
      return size;
    },
    overscan: 6,
    gap: 8,
    getItemKey: (i) => items[i]?.key ?? i,
    // jsdom and the first paint have no layout yet: start from the list's known height.
    initialRect: { width: 0, height: HISTORY_LIST_HEIGHT },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: rect.width, height: HISTORY_LIST_HEIGHT }),
      ),
  });
  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    // The cheap checks first: reading the scroll position lays the page out, on every scroll event.
    if (q.hasNextPage && !q.isFetchingNextPage && isAtBottom(e.currentTarget)) void q.fetchNextPage();
  };
  const rows = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      style={{ maxHeight: HISTORY_LIST_HEIGHT, overflowY: 'auto' }}
      onScroll={onScroll}
      data-testid="history-list"
      data-count={items.length}
      tabIndex={0}
      aria-label={t('history.listLabel', { count: items.length })}
    >
      <div role="list" style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {rows.map((row) => {
          const item = items[row.index]!;
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              role="listitem"
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${row.start}px)`,
              }}
            >
              <HistoryItem item={item} />
            </div>
          );
        })}
      </div>
      {q.isFetchingNextPage && <Loader size="xs" aria-label={t('history.loading')} />}
      {/* a failed re-read or next page is reported under the items already shown */}
      {q.isError && <Text c="dimmed">{t(`errors.${historyErrorKey(q.error)}`)}</Text>}
    </div>
  );
}

/**
 * Each fetch maps the operations to new item objects (the history is read again every HISTORY_REFRESH_MS while
 * the tab is open): a row renders again only when what it shows changed.
 */
export function sameItem(a: HistoryItemView, b: HistoryItemView): boolean {
  return (
    a === b ||
    (a.key === b.key &&
      a.hash === b.hash &&
      a.direction === b.direction &&
      a.pending === b.pending &&
      a.time === b.time &&
      a.amount === b.amount &&
      a.link === b.link &&
      a.action === b.action &&
      a.label === b.label &&
      a.zeroValue === b.zeroValue)
  );
}

const HistoryItem = memo(
  function HistoryItem({ item }: { item: HistoryItemView }) {
    const { t, i18n } = useTranslation();
    const editLabel = useContext(EditLabelContext);
    const sign = item.direction === 'out' ? '−' : item.direction === 'in' ? '+' : '';
    return (
      <Paper withBorder p="sm" data-testid="history-item" data-hash={item.hash} data-pending={item.pending}>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} data-testid="history-direction">
                {t(`history.direction.${item.direction}`)}
              </Text>
              {item.pending && (
                <Badge color="orange" variant="light" data-testid="history-pending">
                  {t('history.pending')}
                </Badge>
              )}
              {item.zeroValue && (
                <Badge
                  color="red"
                  variant="light"
                  title={t('labels.zeroValueHint')}
                  data-testid="history-zero-value"
                >
                  {t('labels.zeroValue')}
                  <VisuallyHidden>{` ${t('labels.zeroValueHint')}`}</VisuallyHidden>
                </Badge>
              )}
            </Group>
            {item.label && (
              <Text size="sm" fw={500} data-testid="history-label" style={{ wordBreak: 'break-word' }}>
                {item.label}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {formatTime(item.time, i18n.language) ?? t('errors.invalidTimestamp')}
            </Text>
            {item.link ? (
              <Anchor
                href={item.link}
                {...EXTERNAL_LINK_PROPS}
                size="xs"
                ff="monospace"
                style={{ wordBreak: 'break-all' }}
              >
                {item.hash}
              </Anchor>
            ) : (
              <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {item.hash}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text fw={600} data-testid="history-amount" c={item.direction === 'in' ? 'teal' : undefined}>
              {`${sign}${item.amount}`}
            </Text>
            {item.action}
            {editLabel && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => editLabel(item.hash)}
                aria-label={t(item.label ? 'labels.editTx' : 'labels.addTx', {
                  hash: item.hash.slice(0, 12),
                })}
                data-testid="history-label-edit"
              >
                {item.label ? t('labels.edit') : t('labels.add')}
              </Button>
            )}
          </Stack>
        </Group>
      </Paper>
    );
  },
  (prev, next) => sameItem(prev.item, next.item),
);
