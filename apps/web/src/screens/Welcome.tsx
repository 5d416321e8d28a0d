import { Anchor, Button, Card, Container, Group, List, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useModalSize } from '../components/useModalSize';
import { ROUTES } from '../lib/backRule';
import { EXTERNAL_LINK_PROPS, LINKS } from '../lib/links';
import { useDeviceInfo } from '../state/deviceInfo';

/** Set by the welcome modal's Continue (spec 01 §2 wallet home). */
export const AUTHORIZED_KEY = 'authorized';

function readAuthorized(): boolean {
  try {
    return localStorage.getItem(AUTHORIZED_KEY) === 'true';
  } catch {
    return false;
  }
}

export default function Welcome() {
  const { t } = useTranslation();
  const size = useModalSize();
  const [authorized, setAuthorized] = useState(readAuthorized);
  const mcu = useDeviceInfo((s) => s.mcuVersion);
  const se = useDeviceInfo((s) => s.seVersion);

  const accept = () => {
    try {
      localStorage.setItem(AUTHORIZED_KEY, 'true');
    } catch {
      // without storage the modal simply shows again next time
    }
    setAuthorized(true);
  };

  return (
    <Container py="lg">
      <Modal opened={!authorized} onClose={accept} title={t('welcome.modalTitle')} size={size} centered withCloseButton={false}>
        <Stack>
          <List>
            <List.Item>{t('welcome.noCustody')}</List.Item>
            <List.Item>{t('welcome.noFee')}</List.Item>
            <List.Item>{t('welcome.noData')}</List.Item>
          </List>
          <Group gap="md">
            <Anchor href={LINKS.terms} {...EXTERNAL_LINK_PROPS}>
              {t('landing.termsLink')}
            </Anchor>
            <Anchor href={LINKS.news} {...EXTERNAL_LINK_PROPS}>
              {t('topbar.news')}
            </Anchor>
          </Group>
          <Button onClick={accept} data-testid="welcome-continue">
            {t('welcome.continue')}
          </Button>
        </Stack>
      </Modal>
      <Stack>
        <Title order={1} size="h2">
          {t('wallet.welcome')}
        </Title>
        <Card withBorder>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('home.deviceStatus')}</Table.Th>
                <Table.Td data-testid="device-status">{t('home.secureConnection')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('home.mcuFirmware')}</Table.Th>
                <Table.Td data-testid="mcu-version">{mcu}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('home.seFirmware')}</Table.Th>
                <Table.Td data-testid="se-version">{se}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
        <Group>
          <Button component={Link} to={ROUTES.Receive} data-testid="home-receive">
            {t('receive.title')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('wallet.notYetAvailable')}
        </Text>
      </Stack>
    </Container>
  );
}
