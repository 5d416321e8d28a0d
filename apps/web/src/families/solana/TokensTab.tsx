/**
 * The Tokens tab of a SOL account: the SPL and Token-2022 tokens it holds (read with the account, one request) and
 * those kept on the device's token table; each shows its standard, balance and price ('Price N/A' when none), a
 * switch that adds it to or removes it from the device's token table, and Send (not for a non-transferable token).
 * Add a token by its mint address: its metadata is read by address ('Token not found' when there is no such mint).
 */
import { Alert, Badge, Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TokenHolding } from '@secux-companion/chain-common';
import type { SolanaTokenHolding } from '@secux-companion/chain-solana';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectedCurrency } from '../../accounts/api';
import { errorText, tokenAmountText, unitFiatText } from '../../accounts/format';
import { currentDevice } from '../../device/runtime';
import type { SolanaChain } from './chain';
import { sameDeviceToken, type SolanaAccount } from './rules';

export interface SolanaTokenRow extends TokenHolding {
  onDevice: boolean;
  nonTransferable: boolean;
}

const COIN_TYPE = 501;

async function tokenPrices(mints: readonly string[], currency: string): Promise<Record<string, string>> {
  if (!mints.length) return {};
  try {
    const q = `platform=solana&contracts=${mints.join(',')}&currency=${encodeURIComponent(currency.toLowerCase())}`;
    const res = await fetch(`/api/prices/tokens?${q}`);
    if (!res.ok) return {};
    const body = (await res.json()) as { prices?: Record<string, unknown> };
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(body.prices ?? {}))
      if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
    return out;
  } catch {
    return {};
  }
}

/** The account's tokens: held ones (with the account's state) and the device's entries for it. */
export function useSolanaTokens(chain: SolanaChain, account: SolanaAccount) {
  return useQuery({
    queryKey: ['sol-tokens', account.id],
    queryFn: async (): Promise<SolanaTokenRow[]> => {
      const [state, entries] = await Promise.all([
        chain.adapter.getAccountState({
          chain: 'SOL',
          index: account.index,
          bip: 44,
          path: account.path,
          address: account.address,
        }),
        currentDevice()
          .getTokens(COIN_TYPE)
          .catch(() => []),
      ]);
      const mine = entries.filter((e) => !!e.contract && e.path === account.path);
      const held: SolanaTokenRow[] = ((state.tokens ?? []) as SolanaTokenHolding[]).map((t) => ({
        ...t,
        nonTransferable: t.nonTransferable === true,
        onDevice: mine.some((e) => sameDeviceToken(t.contract, e.contract!)),
      }));
      // Device entries of tokens no longer held stay listed, so they can be hidden again.
      for (const e of mine)
        if (!held.some((h) => sameDeviceToken(h.contract, e.contract!)))
          held.push({
            contract: e.contract!,
            symbol: e.symbol,
            name: e.name,
            decimals: e.decimal ?? 0,
            balance: 0n,
            onDevice: true,
            nonTransferable: false,
          });
      return held;
    },
    staleTime: 15_000,
  });
}

export function SolanaTokensTab({
  chain,
  account,
  onSend,
}: {
  chain: SolanaChain;
  account: SolanaAccount;
  onSend: (mint: string) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tokens = useSolanaTokens(chain, account);
  const currency = selectedCurrency();
  const mints = (tokens.data ?? []).map((x) => x.contract);
  const prices = useQuery({
    queryKey: ['sol-token-prices', mints.join(','), currency.code],
    queryFn: () => tokenPrices(mints, currency.code),
    enabled: mints.length > 0,
    staleTime: 60_000,
  });
  const [mintInput, setMintInput] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['sol-tokens', account.id] });

  const toggle = async (row: SolanaTokenRow) => {
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
    const mint = mintInput.trim();
    setFailure(null);
    if (chain.adapter.validateAddress(mint) !== 'ok') {
      setFailure(t('errors.invalidTokenContract'));
      return;
    }
    setBusy('add');
    try {
      const info = await chain.adapter.mintInfo(mint);
      if (!info) {
        setFailure(t('errors.tokenNotFound'));
        return;
      }
      const held = tokens.data?.find((x) => x.contract === mint);
      await currentDevice().setToken({
        name: (info.name ?? info.symbol ?? mint.slice(0, 8)).slice(0, 15),
        path: account.path,
        balance: (held?.balance ?? 0n).toString(),
        symbol: info.symbol ?? `${mint.slice(0, 4)}…`,
        decimal: info.decimals,
        contract: mint,
      });
      setMintInput('');
      await refresh();
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack data-testid="sol-tokens">
      {tokens.isError && (
        <Alert color="red" role="alert">
          {errorText(t, tokens.error)}
        </Alert>
      )}
      {tokens.data && tokens.data.length === 0 && <Text c="dimmed">{t('solana.tokens.none')}</Text>}
      {tokens.data && tokens.data.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('solana.tokens.token')}</Table.Th>
              <Table.Th>{t('solana.tokens.balance')}</Table.Th>
              <Table.Th>{t('solana.tokens.value')}</Table.Th>
              <Table.Th>{t('solana.tokens.onDevice')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((row) => {
              const price = prices.data?.[row.contract];
              const fiat = price ? unitFiatText(row.balance, row, price) : null;
              return (
                <Table.Tr key={row.contract} data-testid={`sol-token-${row.symbol}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={500}>{row.symbol}</Text>
                      <Badge size="xs" variant="light" data-testid="sol-token-standard">
                        {row.standard}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed" ff="monospace" truncate="end" title={row.contract}>
                      {row.name ? `${row.name} · ` : ''}
                      {row.contract}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="sol-token-balance">{tokenAmountText(row.balance, row)}</Table.Td>
                  <Table.Td data-testid="sol-token-value">{fiat ?? t('errors.priceNotAvailable')}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={row.onDevice}
                      disabled={busy !== null}
                      onChange={() => void toggle(row)}
                      aria-label={t('solana.tokens.onDeviceLabel', { symbol: row.symbol })}
                      data-testid="sol-token-toggle"
                    />
                  </Table.Td>
                  <Table.Td>
                    {row.nonTransferable ? (
                      <Text size="xs" c="dimmed">
                        {t('solana.tokens.nonTransferable')}
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        disabled={row.balance === 0n}
                        onClick={() => onSend(row.contract)}
                        data-testid="sol-token-send"
                      >
                        {t('solana.tokens.send')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label={t('solana.tokens.addLabel')}
          placeholder={t('solana.tokens.addPlaceholder')}
          value={mintInput}
          onChange={(e) => setMintInput(e.currentTarget.value)}
          data-testid="sol-token-add-input"
        />
        <Button
          onClick={() => void add()}
          loading={busy === 'add'}
          disabled={!mintInput.trim()}
          data-testid="sol-token-add"
        >
          {t('solana.tokens.add')}
        </Button>
      </Group>
      {failure && (
        <Text c="red" size="sm" role="alert" data-testid="sol-token-error">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
