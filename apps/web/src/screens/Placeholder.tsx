import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A screen whose content a later issue owns: its title and a plain note, nothing pretending to work. */
export default function Placeholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Container py="lg">
      <Title order={1} size="h2">
        {t(titleKey)}
      </Title>
      <Text c="dimmed">{t('wallet.notYetAvailable')}</Text>
    </Container>
  );
}
