import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Status step's failure: the catalogue message (err-08 or a mapped one) and the node's own words as text. */
export function BroadcastFailure({
  messageKey,
  raw,
  testId,
}: {
  messageKey: string;
  raw: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack data-testid={testId}>
      <Text c="red" role="alert">
        {t(`errors.${messageKey}`)}
      </Text>
      <Text c="red" size="sm">
        {raw}
      </Text>
    </Stack>
  );
}
