/**
 * The Tokens tab of a TRX account: the TRC-10 and TRC-20 tokens it holds (read with the account) and those kept on the
 * device's token table; each shows its standard, balance and price in TRX (tokenPriceInTrx, 'Price N/A' when the
 * provider gives none), a switch that adds it to or hides it from the device's token table, and Send.
 * Add a token by its TRC-20 contract (T…) or TRC-10 id (digits): its details are read from the chain.
 */
import { Alert, Badge, Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tronTokenType } from '@secux-companion/core';
import type { TronTokenHolding } from '@secux-companion/chain-tron';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, tokenAmountText } from '../../accounts/format';
import { currentDevice } from '../../device/runtime';
import type { TronChain } from './chain';
import type { TronAccount } from './rules';

export interface TronTokenRow extends TronTokenHolding {
  onDevice: boolean;
}

const COIN_TYPE = 195;

const descriptorOf = (a: TronAccount) => ({
  chain: 'TRX' as const,
  index: a.index,
  bip: 44 as const,
  path: a.path,
  address: a.address,
});

/** The account's tokens: held ones (with the account's state) and the device's entries for it. */
export function useTronTokens(chain: TronChain, account: TronAccount) {
  return useQuery({
    queryKey: ['trx-tokens', account.id],
    queryFn: async (): Promise<TronTokenRow[]> => {
      const [state, entries] = await Promise.all([
        chain.adapter.getAccountState(descriptorOf(account)),
        currentDevice()
          .getTokens(COIN_TYPE)
          .catch(() => []),
      ]);
      const mine = entries.filter((e) => !!e.contract && e.path === account.path);
      const held: TronTokenRow[] = ((state.tokens ?? []) as TronTokenHolding[]).map((t) => ({
        ...t,
        onDevice: mine.some((e) => e.contract === t.contract),
      }));
      // Device entries of tokens no longer held stay listed, so they can be hidden again.
      for (const e of mine)
        if (!held.some((h) => h.contract === e.contract))
          held.push({
            type: tronTokenType(e.contract!),
            contract: e.contract!,
            symbol: e.symbol,
            name: e.name,
            decimals: e.decimal ?? 0,
            balance: 0n,
            standard: tronTokenType(e.contract!) === 'trc20' ? 'TRC-20' : 'TRC-10',
            onDevice: true,
          });
      return held;
    },
    staleTime: 15_000,
  });
}

export function TronTokensTab({
  chain,
  account,
  onSend,
}: {
  chain: TronChain;
  account: TronAccount;
  onSend: (token: { contract: string; symbol: string; decimals: number }) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tokens = useTronTokens(chain, account);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['trx-tokens', account.id] });

  const toggle = async (row: TronTokenRow) => {
    setBusy(row.contract);
    setFailure(null);
    try {
      const device = currentDevice();
      if (row.onDevice) await device.deleteToken(account.path, row.contract);
      else
        await device.setToken({
          name: (row.name ?? row.symbol).slice(0, 15),
          path: account.path,
          balance: row.balance.toString(),
          symbol: row.symbol,
          decimal: row.decimals,
          contract: row.contract,
        });
      await refresh();
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };

  const add = async () => {
    const contract = input.trim();
    setFailure(null);
    const valid =
      tronTokenType(contract) === 'trc20'
        ? chain.adapter.validateAddress(contract) === 'ok'
        : /^\d{1,19}$/.test(contract);
    if (!valid) {
      setFailure(t('errors.invalidTokenContract'));
      return;
    }
    if (tokens.data?.some((x) => x.contract === contract && x.onDevice)) {
      setFailure(t('tron.tokens.duplicate'));
      return;
    }
    setBusy('add');
    try {
      const info = await chain.adapter.token(contract, account.address).catch(() => null);
      if (!info) {
        setFailure(t('errors.tokenNotFound'));
        return;
      }
      await currentDevice().setToken({
        name: info.name.slice(0, 15),
        path: account.path,
        balance: info.balance.toString(),
        symbol: info.symbol,
        decimal: info.decimals,
        contract,
      });
      setInput('');
      await refresh();
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack data-testid="trx-tokens">
      {tokens.isError && (
        <Alert color="red" role="alert">
          {errorText(t, tokens.error)}
        </Alert>
      )}
      {tokens.data && tokens.data.length === 0 && <Text c="dimmed">{t('tron.tokens.none')}</Text>}
      {tokens.data && tokens.data.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tron.tokens.token')}</Table.Th>
              <Table.Th>{t('tron.tokens.balance')}</Table.Th>
              <Table.Th>{t('tron.tokens.priceInTrx')}</Table.Th>
              <Table.Th>{t('tron.tokens.onDevice')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((row) => (
              <Table.Tr key={row.contract} data-testid={`trx-token-${row.symbol}`}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={500}>{row.symbol}</Text>
                    <Badge size="xs" variant="light" data-testid="trx-token-standard">
                      {row.standard}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" ff="monospace" truncate="end" title={row.contract}>
                    {row.name ? `${row.name} · ` : ''}
                    {row.contract}
                  </Text>
                </Table.Td>
                <Table.Td data-testid="trx-token-balance">{tokenAmountText(row.balance, row)}</Table.Td>
                <Table.Td data-testid="trx-token-price">
                  {row.tokenPriceInTrx ? `${row.tokenPriceInTrx} TRX` : t('errors.priceNotAvailable')}
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={row.onDevice}
                    disabled={busy !== null}
                    onChange={() => void toggle(row)}
                    aria-label={t('tron.tokens.onDeviceLabel', { symbol: row.symbol })}
                    data-testid="trx-token-toggle"
                  />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    disabled={row.balance === 0n}
                    onClick={() =>
                      onSend({ contract: row.contract, symbol: row.symbol, decimals: row.decimals })
                    }
                    data-testid="trx-token-send"
                  >
                    {t('tron.tokens.send')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label={t('tron.tokens.addLabel')}
          placeholder={t('tron.tokens.addPlaceholder')}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          data-testid="trx-token-add-input"
        />
        <Button
          onClick={() => void add()}
          loading={busy === 'add'}
          disabled={!input.trim()}
          data-testid="trx-token-add"
        >
          {t('tron.tokens.add')}
        </Button>
      </Group>
      {failure && (
        <Text c="red" size="sm" role="alert" data-testid="trx-token-error">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
