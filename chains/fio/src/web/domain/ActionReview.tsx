/**
 * The action modal's Verification (spec 03 §2, §4): what is signed — the action, the name, the request under review,
 * a transfer's recipient key, the account and the max fee — and the digest the device shows.
 */
import { Alert, Button, Group, Stack, Table } from '@mantine/core';
import { formatSuf, type FioBuiltAction, type FioNameAction } from '@secux-companion/chain-fio';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FioChain } from '../chain';
import { isRequestAction, titleKey, type ActionTarget, type FioActionName } from './actions';
import type { FioDomainAccount } from './model';
import { MemoChunks } from './parts';

type Row = [label: string, value: ReactNode, testId: string];

/** The request under review: the new one (payer, payee, amount, memo) or the one acted on. */
function requestRows(t: TFunction, newRequest: FioNameAction | null, target: ActionTarget): Row[] {
  const a = newRequest?.kind === 'requestFunds' ? newRequest : null;
  const r = target.request;
  const content = a ? a.content : r?.content;
  const rows: Row[] = [];
  if (r) rows.push(['fio.requests.review.request', `#${r.id}`, 'fio-review-request']);
  rows.push(['fio.requests.review.payer', a ? a.payerHandle : (r?.payerHandle ?? ''), 'fio-review-payer']);
  rows.push(['fio.requests.review.payee', a ? a.handle : (r?.payeeHandle ?? ''), 'fio-review-payee']);
  if (content) {
    rows.push([
      'fio.requests.review.amount',
      t('fio.requests.amount', { amount: content.amount, token: content.tokenCode }),
      'fio-review-amount',
    ]);
    if (content.memo)
      rows.push([
        'fio.requests.review.memo',
        <MemoChunks key="memo" memo={content.memo} />,
        'fio-review-memo',
      ]);
  }
  return rows;
}

export function ActionReview({
  chain,
  action,
  built,
  account,
  name,
  target,
  newRequest,
  recipientKey,
  canGoBack,
  onBack,
  onConfirm,
}: {
  chain: FioChain;
  action: FioActionName;
  built: FioBuiltAction;
  account: FioDomainAccount;
  name: string;
  target: ActionTarget;
  /** The request form's action (a new request). */
  newRequest: () => FioNameAction;
  recipientKey: string | null | undefined;
  canGoBack: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const reviewed = isRequestAction(action)
    ? requestRows(t, action === 'sendRequest' ? newRequest() : null, target)
    : null;
  return (
    <Stack>
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('fio.action')}</Table.Td>
            <Table.Td data-testid="fio-review-action">{t(titleKey(action))}</Table.Td>
          </Table.Tr>
          {name !== '' && (
            <Table.Tr>
              <Table.Td>{t('fio.name')}</Table.Td>
              <Table.Td data-testid="fio-review-name">{name}</Table.Td>
            </Table.Tr>
          )}
          {reviewed &&
            reviewed.map(([label, value, testId]) => (
              <Table.Tr key={label}>
                <Table.Td>{t(label)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }} data-testid={testId}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          {action === 'transferDomain' && (
            <Table.Tr>
              <Table.Td>{t('fio.transferTo')}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{recipientKey}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Td>{t('fio.account')}</Table.Td>
            <Table.Td>{account.name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{t('fio.maxFee')}</Table.Td>
            <Table.Td data-testid="fio-review-fee">{`${formatSuf(built.unsigned.maxFee)} ${chain.coin}`}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Alert color="blue" data-testid="fio-review-digest">
        {t('fio.digestNote', { digest: built.signRequest.digest })}
      </Alert>
      <Group justify="flex-end">
        {canGoBack && (
          <Button variant="default" onClick={onBack}>
            {t('fio.back')}
          </Button>
        )}
        <Button onClick={onConfirm} data-testid="fio-action-confirm">
          {t('fio.confirmOnDevice')}
        </Button>
      </Group>
    </Stack>
  );
}
