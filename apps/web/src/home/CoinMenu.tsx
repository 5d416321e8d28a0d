import { NavLink, Paper, Stack, Text } from '@mantine/core';
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '@secux-companion/web-kit/components/CoinIcon';
import { useHiddenCoins, visibleCoins } from '@secux-companion/web-kit/state/preferences';
import { COIN_MENU } from './coinChoice';

/**
 * Left coin menu: every coin, the EVM entry right after ETH (spec 01 §2), less the coins the user hid in Settings
 * (issue 33).
 */
export function CoinMenu({ onSelect }: { onSelect: (coin: ChainSymbol) => void }) {
  const { t } = useTranslation();
  const coins = visibleCoins(COIN_MENU, useHiddenCoins());
  return (
    <Paper withBorder p="xs" component="nav" aria-label={t('home.coinMenu')} data-testid="coin-menu">
      <Stack gap={0}>
        {coins.map((coin) => (
          <NavLink
            key={coin}
            component="button"
            onClick={() => onSelect(coin)}
            data-testid={`coin-${coin}`}
            label={coin === 'EVM' ? t('wallet.evmChains') : coin}
            leftSection={<CoinIcon symbol={coin === 'EVM' ? 'generic' : coin} size={24} />}
            description={
              coin === 'EVM' ? undefined : (
                <Text size="xs" c="dimmed" span>
                  {CHAINS[coin].name}
                </Text>
              )
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}
