/**
 * The request manager (spec 03 §2, §4): the sent and received payment requests of every FIO account of the device,
 * merged newest first, as Pending (status requested) and History, each with its label and colour ('Request' when
 * sent / 'Pending' when received, 'Fulfilled', 'Rejected', 'Cancelled'), its amount and memo (in 50-character
 * chunks), or a note when its content could not be decrypted. A received pending request can be paid (not ADA:
 * 'not supported'), rejected or marked as paid; a sent one can be cancelled. New request opens the action modal.
 */
import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { requestStatusView, type FioRequest } from '@secux-companion/chain-fio';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import type { FioChain } from '../chain';
import type { FioRequestActionName } from './ActionModal';
import type { FioDomainAccount } from './model';
import { MemoChunks } from './parts';
import { loadRequests, payment, splitRequests } from './requests';

/** Mantine's colour for each of the spec's colours (white: an outlined neutral badge). */
const BADGE: Record<ReturnType<typeof requestStatusView>['colour'], { color: string; variant: string }> = {
  white: { color: 'gray', variant: 'outline' },
  green: { color: 'green', variant: 'light' },
  orange: { color: 'orange', variant: 'light' },
  grey: { color: 'gray', variant: 'filled' },
};

export const requestsKey = (chain: FioChain, accounts: readonly FioDomainAccount[]) =>
  ['fio-requests', chain.coin, accounts.map((a) => a.address).join(',')] as const;

function RequestCard({
  request: r,
  onAction,
  onPay,
}: {
  request: FioRequest;
  onAction: (name: FioRequestActionName, request: FioRequest) => void;
  onPay: (request: FioRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const view = requestStatusView(r.status, r.type);
  const badge = BADGE[view.colour];
  const pending = r.status === 'requested';
  const payable = r.content ? payment(r.content) !== null : false;
  const when = new Date(r.timeStamp);
  return (
    <Card withBorder padding="sm" data-testid={`fio-request-${r.type}-${r.id}`} data-status={r.status}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {r.type === 'sent'
              ? t('fio.requests.sent', { handle: r.payerHandle })
              : t('fio.requests.received', { handle: r.payeeHandle })}
          </Text>
          <Badge color={badge.color} variant={badge.variant} data-testid="fio-request-status">
            {t(`fio.requests.status.${view.label}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('fio.requests.date', {
            date: Number.isNaN(when.getTime()) ? r.timeStamp : when.toLocaleString(i18n.language),
          })}
          {' · '}
          {r.type === 'sent' ? r.payeeHandle : t('fio.requests.to', { handle: r.payerHandle })}
        </Text>
        {r.content ? (
          <>
            <Text fw={600} data-testid="fio-request-amount">
              {t('fio.requests.amount', { amount: r.content.amount, token: r.content.tokenCode })}
            </Text>
            {r.content.memo !== '' && (
              <div data-testid="fio-request-memo">
                <Text size="xs" c="dimmed">
                  {t('fio.requests.memo')}
                </Text>
                <MemoChunks memo={r.content.memo} />
              </div>
            )}
          </>
        ) : (
          <Text size="sm" c="orange.9" data-testid="fio-request-undecryptable">
            {t('fio.requests.undecryptable')}
          </Text>
        )}
        {pending && r.type === 'received' && (
          <Group gap="xs">
            {payable ? (
              <Button size="xs" onClick={() => onPay(r)} data-testid="fio-request-pay">
                {t('fio.requests.pay')}
              </Button>
            ) : (
              r.content && (
                <Text size="xs" c="dimmed" data-testid="fio-request-not-supported">
                  {t('fio.requests.notSupported', { chain: r.content.chainCode })}
                </Text>
              )
            )}
            <Button
              size="xs"
              variant="light"
              color="orange"
              onClick={() => onAction('rejectRequest', r)}
              data-testid="fio-request-reject"
            >
              {t('fio.requests.reject')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => onAction('markPaid', r)}
              data-testid="fio-request-mark-paid"
            >
              {t('fio.requests.markPaid')}
            </Button>
          </Group>
        )}
        {pending && r.type === 'sent' && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              color="gray"
              onClick={() => onAction('cancelRequest', r)}
              data-testid="fio-request-cancel"
            >
              {t('fio.requests.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function RequestManager({
  chain,
  accounts,
  canRequest,
  onNew,
  onAction,
  onPay,
  onClose,
}: {
  chain: FioChain;
  accounts: readonly FioDomainAccount[];
  /** An account has a crypto handle to request with. */
  canRequest: boolean;
  onNew: () => void;
  onAction: (name: FioRequestActionName, request: FioRequest) => void;
  onPay: (request: FioRequest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const q = useQuery({
    queryKey: requestsKey(chain, accounts),
    queryFn: () => loadRequests(chain, accounts),
    enabled: accounts.length > 0,
  });
  const { pending, history } = splitRequests(q.data ?? []);
  const list = (items: FioRequest[], testId: string) => (
    <Stack gap="xs" mt="sm" data-testid={testId}>
      {q.isSuccess && items.length === 0 && <Text c="dimmed">{t('fio.requests.empty')}</Text>}
      {items.map((r) => (
        <RequestCard
          key={`${r.type}-${r.id}-${r.accountPath}`}
          request={r}
          onAction={onAction}
          onPay={onPay}
        />
      ))}
    </Stack>
  );
  return (
    <Modal opened onClose={onClose} size={size} title={t('fio.requests.title')} data-testid="fio-requests">
      <Stack>
        <Group justify="flex-end">
          <Button onClick={onNew} disabled={!canRequest} data-testid="fio-request-new">
            {t('fio.requests.new')}
          </Button>
        </Group>
        {!canRequest && (
          <Alert color="yellow" data-testid="fio-request-no-handle">
            {t('fio.requests.form.noHandle')}
          </Alert>
        )}
        {q.isLoading && (
          <Group gap="xs" aria-live="polite">
            <Loader size="sm" />
            <Text size="sm">{t('fio.requests.loading')}</Text>
          </Group>
        )}
        {q.isError && (
          <Alert color="red" role="alert">
            {t('fio.errors.loadFailed', { message: String(q.error) })}
          </Alert>
        )}
        <Tabs defaultValue="pending" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="pending" data-testid="fio-requests-pending-tab">
              {t('fio.requests.pending')} ({pending.length})
            </Tabs.Tab>
            <Tabs.Tab value="history" data-testid="fio-requests-history-tab">
              {t('fio.requests.history')} ({history.length})
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="pending">{list(pending, 'fio-requests-pending')}</Tabs.Panel>
          <Tabs.Panel value="history">{list(history, 'fio-requests-history')}</Tabs.Panel>
        </Tabs>
      </Stack>
    </Modal>
  );
}
