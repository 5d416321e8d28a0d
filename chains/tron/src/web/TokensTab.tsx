/**
 * The Tokens tab of a TRX account: the TRC-10 and TRC-20 tokens it holds (read with the account) and those kept on the
 * device's token table; each shows its standard, balance and value in the display currency (a TRC-20 token priced by
 * its contract through the price service, as every token is; 'Price N/A' when it has no market, and for TRC-10
 * assets, which have no contract to price), a switch that adds it to or hides it from the device's token table, and
 * Send.
 * Add a token by its TRC-20 contract (T…) or TRC-10 id (digits): its details are read from the chain.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { tronTokenType, type TronTokenHolding } from '@secux-companion/chain-tron';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAINS } from '@secux-companion/core';
import { fetchTokenPrices } from '@secux-companion/web-kit/accounts/api';
import { selectedCurrency } from '@secux-companion/web-kit/lib/currency';
import { errorText } from '@secux-companion/web-kit/lib/format';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import {
  AddTokenRow,
  deviceTokenRows,
  TokenHoldingsTable,
  useDeviceTokenActions,
} from '@secux-companion/web-kit/singleAddress/tokens';
import { accountDescriptor } from '@secux-companion/web-kit/singleAddress/plumbing';
import { useHiddenTokens } from '@secux-companion/web-kit/components/HiddenTokens';
import type { TronChain } from './chain';
import type { TronAccount } from './rules';

export interface TronTokenRow extends TronTokenHolding {
  onDevice: boolean;
}

const COIN_TYPE = 195;

/** The account's tokens: held ones (with the account's state) and the device's entries for it. */
export function useTronTokens(chain: TronChain, account: TronAccount) {
  return useQuery({
    queryKey: ['trx-tokens', account.id],
    queryFn: async (): Promise<TronTokenRow[]> => {
      const [state, entries] = await Promise.all([
        chain.adapter.getAccountState(accountDescriptor('TRX', account)),
        currentDevice()
          .getTokens(COIN_TYPE)
          .catch(() => []),
      ]);
      return deviceTokenRows({
        held: (state.tokens ?? []) as TronTokenHolding[],
        entries,
        path: account.path,
        row: (t, onDevice): TronTokenRow => ({ ...t, onDevice }),
        fromEntry: (e): TronTokenRow => ({
          type: tronTokenType(e.contract),
          contract: e.contract,
          symbol: e.symbol,
          name: e.name,
          decimals: e.decimal ?? 0,
          balance: 0n,
          standard: tronTokenType(e.contract) === 'trc20' ? 'TRC-20' : 'TRC-10',
          onDevice: true,
        }),
      });
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
  const tokens = useTronTokens(chain, account);
  const currency = selectedCurrency();
  const contracts = (tokens.data ?? []).filter((x) => x.type === 'trc20').map((x) => x.contract);
  const prices = useQuery({
    queryKey: ['trx-token-prices', contracts.join(','), currency.code],
    queryFn: () => fetchTokenPrices(CHAINS.TRX.pricePlatform ?? 'tron', contracts, currency.code),
    enabled: contracts.length > 0,
    staleTime: 60_000,
  });
  // Dust and unverified tokens as the user's settings hide them (issue 33).
  const { shown, note } = useHiddenTokens(tokens.data ?? [], (row) => prices.data?.get(row.contract));
  const [input, setInput] = useState('');
  const { busy, failure, setFailure, run, toggle } = useDeviceTokenActions(account, [
    'trx-tokens',
    account.id,
  ]);

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
    await run('add', async () => {
      const info = await chain.adapter.token(contract, account.address).catch(() => null);
      if (!info) {
        setFailure(t('errors.tokenNotFound'));
        return false;
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
    });
  };

  return (
    <Stack data-testid="trx-tokens">
      {tokens.isError && (
        <Alert color="red" role="alert">
          {errorText(t, tokens.error)}
        </Alert>
      )}
      {tokens.data && tokens.data.length === 0 && <Text c="dimmed">{t('tron.tokens.none')}</Text>}
      {note}
      {tokens.data && tokens.data.length > 0 && (
        <TokenHoldingsTable
          rows={shown}
          prices={prices.data}
          busy={busy !== null}
          onToggle={(row) => void toggle(row)}
          testIdPrefix="trx-token"
          textPrefix="tron.tokens"
          action={(row) => (
            <Button
              size="xs"
              disabled={row.balance === 0n}
              onClick={() => onSend({ contract: row.contract, symbol: row.symbol, decimals: row.decimals })}
              data-testid="trx-token-send"
            >
              {t('tron.tokens.send')}
            </Button>
          )}
        />
      )}
      <AddTokenRow
        value={input}
        onChange={setInput}
        onAdd={() => void add()}
        adding={busy === 'add'}
        failure={failure}
        label={t('tron.tokens.addLabel')}
        placeholder={t('tron.tokens.addPlaceholder')}
        addText={t('tron.tokens.add')}
        testIdPrefix="trx-token"
      />
    </Stack>
  );
}
