import { Alert, Button, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '@secux-companion/web-kit/components/CoinIcon';
import { unitFiatText } from '@secux-companion/web-kit/lib/format';
import { useHiddenTokens } from '@secux-companion/web-kit/components/HiddenTokens';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { WALLET_STORAGE_KEYS } from '@secux-companion/web-kit/state/walletStorage';
import { FoundTokens, TokenNameBalance } from './FoundTokens';
import { ManageTokensModal } from './ManageTokensModal';
import type { useAccountTokens } from './useAccountTokens';

export { tokenKeys, tokenRedDot, useAccountTokens } from './useAccountTokens';

/**
 * Tokens tab: enabled tokens with balance and fiat value, Send per token, Manage tokens; dust hidden when the user
 * asked (Settings → Hide).
 */
export function TokensTab({
  chain,
  account,
  state,
  onSend,
}: {
  chain: EvmChain;
  account: EvmAccount;
  state: ReturnType<typeof useAccountTokens>;
  onSend: (contract: string) => void;
}) {
  const { t } = useTranslation();
  const [managing, setManaging] = useState(false);
  const [tutorialHidden, setTutorialHidden] = useState(() => {
    try {
      return localStorage.getItem(WALLET_STORAGE_KEYS.tokenTutorialHidden) === '1';
    } catch {
      return false;
    }
  });
  const { tokens, balances, settings } = state;
  // Dust and unverified tokens as the user's settings hide them (issue 33).
  const { shown, note } = useHiddenTokens(tokens, (x) => x.price);

  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>
          {t('tokens.title', {
            standard:
              chain.spec.symbol === 'BSC' || chain.spec.symbol === 'TBSC'
                ? 'BEP-20'
                : chain.spec.symbol === 'XDC'
                  ? 'XDC-20'
                  : 'ERC-20',
          })}
        </Text>
        <Button variant="light" onClick={() => setManaging(true)} data-testid="tokens-manage">
          {t('tokens.manage')}
        </Button>
      </Group>
      {settings.enabled.length === 0 && !tutorialHidden && (
        <Paper withBorder p="md" data-testid="tokens-tutorial">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text>{t('tokens.tutorial')}</Text>
            <CloseButton
              aria-label={t('tokens.tutorialHide')}
              onClick={() => {
                try {
                  localStorage.setItem(WALLET_STORAGE_KEYS.tokenTutorialHidden, '1');
                } catch {
                  // not persisted
                }
                setTutorialHidden(true);
              }}
              data-testid="tokens-tutorial-hide"
            />
          </Group>
        </Paper>
      )}
      {balances.isPending && settings.enabled.length > 0 && (
        <Loader size="sm" aria-label={t('accounts.loading')} />
      )}
      {balances.isError && <Alert color="yellow">{t('errors.tokenBalanceFetchFailed')}</Alert>}
      {note}
      <Stack gap="xs" role="list" data-testid="token-list">
        {shown.map((x) => {
          const fiat = unitFiatText(x.balance, x, x.price);
          return (
            <Paper
              withBorder
              p="sm"
              key={x.contract}
              role="listitem"
              data-testid="token-item"
              data-contract={x.contract}
              data-balance={x.balance.toString()}
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  {/* Bundled icon by symbol (a known token) or the neutral one: never an image from another site. */}
                  <CoinIcon symbol={x.symbol} />
                  <TokenNameBalance token={x} balanceTestId="token-balance">
                    <Text size="xs" c="dimmed">
                      {fiat ?? t('errors.priceNotAvailable')}
                    </Text>
                  </TokenNameBalance>
                </Group>
                <Button
                  size="xs"
                  onClick={() => onSend(x.contract)}
                  data-testid="token-send"
                  aria-label={t('tokens.sendToken', { symbol: x.symbol })}
                >
                  {t('accounts.send')}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {state.found.length > 0 && <FoundTokens chain={chain} account={account} state={state} />}
      {managing && (
        <ManageTokensModal chain={chain} account={account} state={state} onClose={() => setManaging(false)} />
      )}
    </Stack>
  );
}

/** A token's name over its balance ('1.5 ABC'), plus what the caller adds below. */
