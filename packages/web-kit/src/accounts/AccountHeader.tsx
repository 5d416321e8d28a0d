import { Button, Card, Group, Stack, Text, Title, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../components/CoinIcon';

/**
 * The header of an account page: coin icon, name, fiat and coin balance (shortened with an ellipsis on
 * small screens), then Send, Receive and the page's other buttons.
 */
export function AccountHeader({
  name,
  icon,
  balance,
  balanceText,
  fiat,
  note,
  onSend,
  onReceive,
  disabled,
  moreActions,
}: {
  name: string;
  /** The coin's symbol: its icon (the neutral one when the icon package has none). */
  icon: string;
  /** Unused since the icons (kept for callers). */
  iconColor?: MantineColor;
  /** In the smallest unit, for the tests (data-sats). */
  balance: bigint;
  /** The balance with its symbol. */
  balanceText: string;
  /** The fiat value formatted in the display currency, or null when the price is not available. */
  fiat: string | null;
  /** Unused: the fiat text carries the currency's symbol (kept for callers). */
  currencySymbol?: string;
  /** Under the balance (the available amount while some is pending). */
  note?: ReactNode;
  /** Absent on a read-only chain (BNB Beacon, capabilities.readOnly): no Send button. */
  onSend?: () => void;
  /** Absent on a read-only chain: no Receive button (funds sent there would be lost). */
  onReceive?: () => void;
  /** Send and Receive wait for the chain to load. */
  disabled?: boolean;
  /** After Receive (Buy, Explorer). */
  moreActions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="account-title">
      <Group justify="space-between" wrap="wrap">
        <Group wrap="nowrap" style={{ minWidth: 0 }}>
          <CoinIcon symbol={icon} size={40} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={1} size="h3" id="account-title" data-testid="account-name">
              {name}
            </Title>
            <Text size="xl" fw={700} truncate="end" data-testid="account-fiat" aria-live="polite">
              {fiat ?? t('errors.priceNotAvailable')}
            </Text>
            <Text
              c="dimmed"
              truncate="end"
              aria-live="polite"
              data-testid="account-coin-balance"
              data-sats={balance.toString()}
            >
              {balanceText}
            </Text>
            {note}
          </Stack>
        </Group>
        <Group>
          {onSend && (
            <Button onClick={onSend} disabled={disabled} data-testid="account-send">
              {t('accounts.send')}
            </Button>
          )}
          {onReceive && (
            <Button variant="light" onClick={onReceive} disabled={disabled} data-testid="account-receive">
              {t('accounts.receive')}
            </Button>
          )}
          {moreActions}
        </Group>
      </Group>
    </Card>
  );
}
