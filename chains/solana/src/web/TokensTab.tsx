/**
 * The Tokens tab of a SOL account: the SPL and Token-2022 tokens it holds (read with the account, one request) and
 * those kept on the device's token table; each shows its standard, balance and price ('Price N/A' when none), a
 * switch that adds it to or removes it from the device's token table, and Send (not for a non-transferable token).
 * Add a token by its mint address: its metadata is read by address ('Token not found' when there is no such mint).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TokenHolding } from '@secux-companion/chain-common';
import type { SolanaTokenHolding } from '@secux-companion/chain-solana';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectedCurrency } from '@secux-companion/web-kit/lib/currency';
import { errorText } from '@secux-companion/web-kit/lib/format';
import { CHAINS } from '@secux-companion/core';
import { fetchTokenPrices } from '@secux-companion/web-kit/accounts/api';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import {
  AddTokenRow,
  deviceTokenRows,
  TokenHoldingsTable,
  useDeviceTokenActions,
} from '@secux-companion/web-kit/singleAddress/tokens';
import { accountDescriptor } from '@secux-companion/web-kit/singleAddress/plumbing';
import { useHiddenTokens } from '@secux-companion/web-kit/components/HiddenTokens';
import type { SolanaChain } from './chain';
import { sameDeviceToken, type SolanaAccount } from './rules';

export interface SolanaTokenRow extends TokenHolding {
  onDevice: boolean;
  nonTransferable: boolean;
}

const COIN_TYPE = 501;

/** The account's tokens: held ones (with the account's state) and the device's entries for it. */
export function useSolanaTokens(chain: SolanaChain, account: SolanaAccount) {
  return useQuery({
    queryKey: ['sol-tokens', account.id],
    queryFn: async (): Promise<SolanaTokenRow[]> => {
      const [state, entries] = await Promise.all([
        chain.adapter.getAccountState(accountDescriptor('SOL', account)),
        currentDevice()
          .getTokens(COIN_TYPE)
          .catch(() => []),
      ]);
      return deviceTokenRows({
        held: (state.tokens ?? []) as SolanaTokenHolding[],
        entries,
        path: account.path,
        same: sameDeviceToken,
        row: (t, onDevice): SolanaTokenRow => ({
          ...t,
          nonTransferable: t.nonTransferable === true,
          onDevice,
        }),
        fromEntry: (e): SolanaTokenRow => ({
          contract: e.contract,
          symbol: e.symbol,
          name: e.name,
          decimals: e.decimal ?? 0,
          balance: 0n,
          onDevice: true,
          nonTransferable: false,
        }),
      });
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
  const tokens = useSolanaTokens(chain, account);
  const currency = selectedCurrency();
  const mints = (tokens.data ?? []).map((x) => x.contract);
  const prices = useQuery({
    queryKey: ['sol-token-prices', mints.join(','), currency.code],
    queryFn: () => fetchTokenPrices(CHAINS.SOL.pricePlatform ?? 'solana', mints, currency.code),
    enabled: mints.length > 0,
    staleTime: 60_000,
  });
  // Dust and unverified tokens as the user's settings hide them (issue 33).
  const { shown, note } = useHiddenTokens(tokens.data ?? [], (row) => prices.data?.get(row.contract));
  const [mintInput, setMintInput] = useState('');
  const { busy, failure, setFailure, run, toggle } = useDeviceTokenActions(account, [
    'sol-tokens',
    account.id,
  ]);

  const add = async () => {
    const mint = mintInput.trim();
    setFailure(null);
    if (chain.adapter.validateAddress(mint) !== 'ok') {
      setFailure(t('errors.invalidTokenContract'));
      return;
    }
    await run('add', async () => {
      const info = await chain.adapter.mintInfo(mint);
      if (!info) {
        setFailure(t('errors.tokenNotFound'));
        return false;
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
    });
  };

  return (
    <Stack data-testid="sol-tokens">
      {tokens.isError && (
        <Alert color="red" role="alert">
          {errorText(t, tokens.error)}
        </Alert>
      )}
      {tokens.data && tokens.data.length === 0 && <Text c="dimmed">{t('solana.tokens.none')}</Text>}
      {note}
      {tokens.data && tokens.data.length > 0 && (
        <TokenHoldingsTable
          rows={shown}
          prices={prices.data}
          busy={busy !== null}
          onToggle={(row) => void toggle(row)}
          testIdPrefix="sol-token"
          textPrefix="solana.tokens"
          action={(row) =>
            row.nonTransferable ? (
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
            )
          }
        />
      )}
      <AddTokenRow
        value={mintInput}
        onChange={setMintInput}
        onAdd={() => void add()}
        adding={busy === 'add'}
        failure={failure}
        label={t('solana.tokens.addLabel')}
        placeholder={t('solana.tokens.addPlaceholder')}
        addText={t('solana.tokens.add')}
        testIdPrefix="sol-token"
      />
    </Stack>
  );
}
