import { ActionIcon, Card, Group, Menu, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One account card of an account list: the name opens the account, a menu renames or deletes it, then the
 * coin balance (also opens it) and its fiat value.
 */
export function AccountCard({
  name,
  path,
  address,
  balance,
  balanceText,
  fiat,
  details,
  notice,
  onOpen,
  onRename,
  onDelete,
}: {
  name: string;
  path: string;
  /** The account's address where it has one (account-based chains). */
  address?: string;
  /** In the smallest unit, for the tests (data-sats). */
  balance: bigint;
  /** The balance with its symbol. */
  balanceText: string;
  /** The fiat value formatted in the display currency, or null when the price is not available. */
  fiat: string | null;
  /** Unused: the fiat text carries the currency's symbol (kept for callers). */
  currencySymbol?: string;
  /** Under the name (address type, address). */
  details?: ReactNode;
  /** Under the fiat value (pending amount). */
  notice?: ReactNode;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="account-card" data-path={path} data-address={address}>
      <Group justify="space-between" wrap="nowrap">
        <Text
          component="button"
          type="button"
          onClick={onOpen}
          fw={600}
          style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', textAlign: 'left' }}
          data-testid="account-open"
        >
          {name}
        </Text>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('accounts.menu', { name })} data-testid="account-menu">
              <span aria-hidden="true">⋮</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onRename} data-testid="account-rename">
              {t('accounts.rename')}
            </Menu.Item>
            <Menu.Item color="red" onClick={onDelete} data-testid="account-delete">
              {t('accounts.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {details}
      <Text
        mt="xs"
        data-testid="account-balance"
        data-sats={balance.toString()}
        onClick={onOpen}
        style={{ cursor: 'pointer' }}
      >
        {balanceText}
      </Text>
      <Text size="sm" c="dimmed">
        {fiat ?? t('errors.priceNotAvailable')}
      </Text>
      {notice}
    </Card>
  );
}
