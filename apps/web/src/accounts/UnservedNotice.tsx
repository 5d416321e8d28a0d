import { Alert, Code, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnservedCoin } from '@secux-companion/web-kit/accounts/api';

/**
 * A coin this server does not serve (its provider is not configured, or switched off): a status, not an error. It
 * names the server settings that would serve the coin, for whoever runs the server.
 */
export function UnservedNotice({ coinName, unserved }: { coinName: string; unserved: UnservedCoin }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      title={t('accounts.unservedTitle', { coin: coinName })}
      data-testid="coin-unserved"
    >
      <Stack gap="xs">
        <Text size="sm">
          {unserved.reason === 'switched_off'
            ? t('accounts.unservedOff', { coin: coinName })
            : t('accounts.unservedNoProvider', { coin: coinName })}
        </Text>
        {unserved.settings.length > 0 && (
          <>
            <Text size="sm">{t('accounts.unservedSettings')}</Text>
            <List size="sm" data-testid="coin-unserved-settings">
              {unserved.settings.map((s) => (
                <List.Item key={s}>
                  <Code>{s}</Code>
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}
