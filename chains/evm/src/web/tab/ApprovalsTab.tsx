/**
 * Approvals tab (issue 32): the account's live ERC-20 allowances and NFT operator approvals as the chain reports them
 * (found from its Approval / ApprovalForAll events, checked now), each with a Revoke that builds
 * approve(spender, 0) / setApprovalForAll(operator, false) and runs it through the one send flow: fee shown, review,
 * signed on the device, broadcast, explorer link and status until final.
 */
import { Alert, Badge, Button, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCoin } from '@secux-companion/core';
import {
  allowanceKind,
  approvalKey,
  revokeIntent,
  type EvmApproval,
  type EvmBuiltTransaction,
} from '@secux-companion/chain-evm';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, uiLanguage } from '@secux-companion/web-kit/lib/format';
import { usePrice } from '@secux-companion/web-kit/accounts/usePrice';
import { SendFlowModal } from '@secux-companion/web-kit/send/SendFlowModal';
import { useSendFlow } from '@secux-companion/web-kit/send/useSendFlow';
import { reviewTableRows } from '@secux-companion/web-kit/send/reviewRows';
import type { EvmChain } from '../chains';
import { evmSendPrompts, evmSigning } from '../send/evmFlow';
import type { EvmAccount } from './account';

export const approvalKeys = { list: (id: string) => ['evm-approvals', id] as const };

/** The token's label: its symbol, else its name, else the shortened contract (names are shown as text). */
function tokenLabel(a: EvmApproval): string {
  return a.token.symbol || a.token.name || `${a.contract.slice(0, 6)}…${a.contract.slice(-4)}`;
}

function AmountCell({ a }: { a: EvmApproval }) {
  const { t } = useTranslation();
  if (a.kind !== 'ERC20')
    return (
      <Badge color="orange" variant="light" data-testid="approval-amount" data-kind="all">
        {t('evm.approvals.allItems')}
      </Badge>
    );
  const kind = allowanceKind(a);
  if (kind === 'unlimited')
    return (
      <Badge color="red" variant="light" data-testid="approval-amount" data-kind="unlimited">
        {t('evm.approvals.unlimited')}
      </Badge>
    );
  const d = a.token.decimals;
  const amount = `${formatCoin(a.allowance ?? 0n, d, d, uiLanguage())} ${a.token.symbol}`.trim();
  return (
    <Stack gap={2}>
      <Text size="sm" data-testid="approval-amount" data-kind={kind}>
        {amount}
      </Text>
      {kind === 'aboveSupply' && (
        <Text size="xs" c="red.8">
          {t('evm.approvals.aboveSupply')}
        </Text>
      )}
    </Stack>
  );
}

export function ApprovalsTab({ chain, account }: { chain: EvmChain; account: EvmAccount }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [revoking, setRevoking] = useState<EvmApproval | null>(null);
  const q = useQuery({
    queryKey: approvalKeys.list(account.id),
    queryFn: () => chain.adapter.getApprovals(account.address),
    staleTime: 0,
    retry: 1,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: approvalKeys.list(account.id) });

  if (q.isPending) return <Loader size="sm" aria-label={t('accounts.loading')} />;
  if (q.isError)
    return (
      <Alert color="yellow" role="alert" data-testid="approvals-error">
        {errorText(t, q.error)}
      </Alert>
    );
  if (q.data.unavailable)
    return <Text data-testid="approvals-unavailable">{t('evm.approvals.unavailable')}</Text>;
  const list = q.data.approvals;
  return (
    <Stack gap="sm" data-testid="approvals-tab">
      <Text size="sm">{t('evm.approvals.intro')}</Text>
      {q.data.fromBlock > 0 && (
        <Text size="sm" c="dimmed" data-testid="approvals-from-block">
          {t('evm.approvals.fromBlock', {
            block: new Intl.NumberFormat(uiLanguage()).format(q.data.fromBlock),
          })}
        </Text>
      )}
      {q.data.truncated && (
        <Alert color="yellow" data-testid="approvals-truncated">
          {t('evm.approvals.truncated')}
        </Alert>
      )}
      {list.length === 0 ? (
        <Text data-testid="approvals-empty">{t('evm.approvals.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="approvals-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('evm.approvals.token')}</Table.Th>
                <Table.Th scope="col">{t('evm.approvals.spender')}</Table.Th>
                <Table.Th scope="col">{t('evm.approvals.amount')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('evm.approvals.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((a) => (
                <Table.Tr
                  key={approvalKey(a)}
                  data-testid="approval-row"
                  data-contract={a.contract}
                  data-spender={a.spender}
                  data-kind={a.kind}
                >
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {tokenLabel(a)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.kind === 'ERC20' ? 'ERC-20' : a.kind === 'ERC721' ? 'ERC-721' : 'ERC-1155'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {a.spenderName && (
                      <Text size="sm" fw={600} data-testid="approval-spender-name">
                        {a.spenderName}
                      </Text>
                    )}
                    <Text
                      size="xs"
                      ff="monospace"
                      style={{ wordBreak: 'break-all' }}
                      data-testid="approval-spender"
                    >
                      {a.spender}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <AmountCell a={a} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => setRevoking(a)}
                      aria-label={t('evm.approvals.revokeLabel', {
                        token: tokenLabel(a),
                        spender: a.spenderName ?? a.spender,
                      })}
                      data-testid="approval-revoke"
                    >
                      {t('evm.approvals.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {revoking && (
        <RevokeModal
          chain={chain}
          account={account}
          approval={revoking}
          onClose={() => setRevoking(null)}
          onDone={() => {
            setRevoking(null);
            refresh();
          }}
        />
      )}
    </Stack>
  );
}

/** Details (what ends), Verification (review rows, sign on the device), Send, Status: the one send flow. */
export function RevokeModal({
  chain,
  account,
  approval,
  onClose,
  onDone,
}: {
  chain: EvmChain;
  account: EvmAccount;
  approval: EvmApproval;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { price, currency } = usePrice(chain.spec.symbol);
  const descriptor = useMemo(
    () => ({
      chain: chain.spec.symbol,
      index: account.index,
      bip: 44 as const,
      path: account.path,
      address: account.address,
    }),
    [account, chain.spec.symbol],
  );
  const fees = useQuery({
    queryKey: ['evm-fees', chain.spec.chainId, chain.spec.symbol],
    queryFn: () => chain.adapter.getEvmFees(),
    staleTime: 15_000,
  });
  const flow = useSendFlow<EvmBuiltTransaction>({
    ...evmSigning(chain, account),
    prompts: evmSendPrompts(chain, () => ({ mode: 'medium', fees: fees.data })),
  });
  const label = tokenLabel(approval);
  const spender = approval.spenderName ? `${approval.spenderName} (${approval.spender})` : approval.spender;
  const details = (
    <Stack gap="xs" data-testid="revoke-details">
      <Text>
        {approval.kind === 'ERC20'
          ? t('evm.revoke.explainToken', { token: label, spender })
          : t('evm.revoke.explainNft', { token: label, spender })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('evm.revoke.feeNote', { coin: chain.spec.coin })}
      </Text>
      {fees.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, fees.error)}
        </Text>
      )}
    </Stack>
  );
  return (
    <SendFlowModal
      flow={flow}
      title={t('evm.revoke.title', { token: label })}
      testIds="send"
      modalTestId="revoke-modal"
      continueTestId="revoke-continue"
      details={details}
      canContinue={fees.isSuccess}
      onContinue={() =>
        void flow.start(() =>
          chain.adapter.build(descriptor, {
            intent: revokeIntent(approval),
            feeMode: 'medium',
            ...(fees.data ? { fees: fees.data } : {}),
            token: { symbol: label, decimals: approval.token.decimals },
          }),
        )
      }
      reviewRows={(built) =>
        reviewTableRows(t, chain.adapter.reviewRows(built), {
          coin: { symbol: chain.unit.symbol, digits: chain.unit.digits },
          price,
          currencySymbol: currency.symbol,
          testIds: 'send',
        })
      }
      explorerUrl={(hash) => (chain.local ? undefined : chain.adapter.explorer.tx(hash))}
      // The chain's own view of the revoke (eth_simulateV1): no token moves, the fee only.
      {...(chain.adapter.simulate
        ? { simulate: (built: EvmBuiltTransaction) => chain.adapter.simulate!(built) }
        : {})}
      coin={{ symbol: chain.unit.symbol, decimals: chain.unit.decimals }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
