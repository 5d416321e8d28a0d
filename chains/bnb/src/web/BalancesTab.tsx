/** Every asset line of the archived BNB account (BNB and BEP2 tokens): free, locked and frozen, read-only. */
import { Alert, Loader, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tokenAmountText } from '@secux-companion/web-kit/lib/format';
import type { WalletAccount } from '@secux-companion/web-kit/family/types';
import type { BnbChain } from './chain';

export function BalancesTab({ chain, account }: { chain: BnbChain; account: WalletAccount }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['bnb-balances', account.id],
    queryFn: () =>
      chain.adapter.balances({
        chain: 'BNB',
        index: account.index,
        bip: 44,
        path: account.path,
        address: account.address ?? '',
      }),
  });
  if (q.isPending) return <Loader size="sm" aria-label={t('accounts.loading')} />;
  if (q.isError) return <Alert color="red">{t('errors.err-40')}</Alert>;
  if (!q.data.length) return <p data-testid="bnb-no-assets">{t('bnb.noAssets')}</p>;
  const text = (v: bigint, symbol: string) => tokenAmountText(v, { symbol, decimals: 8 });
  return (
    <Table data-testid="bnb-balances">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bnb.asset')}</Table.Th>
          <Table.Th>{t('bnb.free')}</Table.Th>
          <Table.Th>{t('bnb.locked')}</Table.Th>
          <Table.Th>{t('bnb.frozen')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {q.data.map((b) => (
          <Table.Tr key={b.symbol}>
            <Table.Td>{b.symbol}</Table.Td>
            <Table.Td>{text(b.free, b.symbol)}</Table.Td>
            <Table.Td>{text(b.locked, b.symbol)}</Table.Td>
            <Table.Td>{text(b.frozen, b.symbol)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
