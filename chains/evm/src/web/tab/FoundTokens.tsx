import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type HeldToken, type TokenMetadata } from '@secux-companion/chain-evm';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, tokenAmountText } from '@secux-companion/web-kit/lib/format';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { showFoundToken, type AccountToken } from './tokens';
import type { useAccountTokens } from './useAccountTokens';

export function TokenNameBalance({
  token,
  balanceTestId,
  children,
}: {
  token: AccountToken | HeldToken;
  balanceTestId: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={600} truncate="end">
        {token.name}
      </Text>
      <Text size="sm" data-testid={balanceTestId}>
        {tokenAmountText(token.balance, token)}
      </Text>
      {children}
    </Stack>
  );
}

/** Tokens of the server's list this account holds but does not show yet, each with a Show button. */
export function FoundTokens({
  chain,
  account,
  state,
}: {
  chain: EvmChain;
  account: EvmAccount;
  state: ReturnType<typeof useAccountTokens>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const show = async (token: TokenMetadata) => {
    setBusy(token.contract);
    setFailure(null);
    try {
      state.setSettings(await showFoundToken(chain, account, state.settings, token));
      void state.balances.refetch();
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md" data-testid="tokens-found">
      <Stack gap="xs">
        <Text fw={600}>{t('tokens.found')}</Text>
        <Text size="sm" c="dimmed">
          {t('tokens.foundHint')}
        </Text>
        <Stack gap="xs" role="list">
          {state.found.map((x) => (
            <Group
              key={x.contract}
              justify="space-between"
              wrap="nowrap"
              role="listitem"
              data-testid="token-found"
              data-contract={x.contract}
              data-balance={x.balance.toString()}
            >
              <TokenNameBalance token={x} balanceTestId="token-found-balance" />
              <Button
                size="xs"
                variant="light"
                loading={busy === x.contract}
                disabled={busy !== null}
                onClick={() => void show(x)}
                aria-label={t('tokens.toggle', { symbol: x.symbol })}
                data-testid="token-found-show"
              >
                {t('tokens.show')}
              </Button>
            </Group>
          ))}
        </Stack>
        {failure && (
          <Alert color="red" role="alert" data-testid="tokens-found-error">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
