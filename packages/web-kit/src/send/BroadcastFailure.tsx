import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '@secux-companion/core';

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
  // A family that already names the catalogue message (e.g. 'Can not broadcast at the moment') sends its English
  // text as the words: shown once, in the user's language, not twice.
  const words = raw === (errorMessages.en as Record<string, string | undefined>)[messageKey] ? '' : raw;
  return (
    <Stack data-testid={testId}>
      <Text c="red" role="alert">
        {t(`errors.${messageKey}`)}
      </Text>
      {words && (
        <Text c="red" size="sm">
          {words}
        </Text>
      )}
    </Stack>
  );
}
