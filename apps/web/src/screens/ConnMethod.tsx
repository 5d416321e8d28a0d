import { Anchor, Button, Card, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS, useLinks } from '@secux-companion/web-kit/lib/links';
import { connectDevice } from '../device/connect';
import type { ConnectionMethod } from '../state/session';
import { emulatorChoice } from '../device/emulatorChoice';
import { useStore } from '@secux-companion/web-kit/state/store';

export function ConnMethod() {
  const { t } = useTranslation();
  const links = useLinks();
  const choose = (method: ConnectionMethod) => void connectDevice(method);
  const via = useStore(emulatorChoice, (s) => s.via);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('landing.title')}</Title>
        <Text size="lg">{t('landing.question')}</Text>
        <Group grow align="stretch">
          <Button size="lg" h="auto" py="md" onClick={() => choose('usb')} data-testid="connect-usb">
            <Stack gap={2} align="center">
              <span>{t('landing.usb')}</span>
              <Text size="xs" c="inherit">
                {t('landing.usbHint')}
              </Text>
            </Stack>
          </Button>
          <Button size="lg" h="auto" py="md" onClick={() => choose('ble')} data-testid="connect-ble">
            <Stack gap={2} align="center">
              <span>{t('landing.bluetooth')}</span>
              <Text size="xs" c="inherit">
                {t('landing.bluetoothHint')}
              </Text>
            </Stack>
          </Button>
        </Group>
        {__EMULATOR_ENABLED__ && (
          <Group align="center">
            <Button
              variant="light"
              size="md"
              onClick={() => choose('emulator')}
              data-testid="connect-emulator"
              aria-describedby="emulator-hint"
            >
              {t('landing.emulator')}
            </Button>
            <SegmentedControl
              aria-label={t('emulator.via')}
              value={via}
              onChange={(v) => emulatorChoice.set({ via: v as 'usb' | 'ble' })}
              data={[
                { value: 'usb', label: t('emulator.viaUsb') },
                { value: 'ble', label: t('emulator.viaBle') },
              ]}
              data-testid="emulator-via"
            />
          </Group>
        )}
        {__EMULATOR_ENABLED__ && (
          <Text id="emulator-hint" size="sm" c="dimmed">
            {t('landing.emulatorHint')}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="terms-reminder">
          <Trans
            i18nKey="landing.terms"
            components={{
              terms: <Anchor href={links.terms} {...EXTERNAL_LINK_PROPS} />,
              privacy: <Anchor href={links.privacy} {...EXTERNAL_LINK_PROPS} />,
            }}
          />
        </Text>
        <Card withBorder component="section" aria-labelledby="dapp-title">
          <Stack gap="xs">
            <Title order={2} size="h4" id="dapp-title">
              {t('landing.dappTitle')}
            </Title>
            <Text>{t('landing.dappText')}</Text>
            <Group>
              {/* The dApp page comes from the remote config; the try button waits for it. */}
              <Button
                component="a"
                href={links.dappConnect}
                {...EXTERNAL_LINK_PROPS}
                variant="outline"
                data-testid="dapp-try"
                disabled={!links.dappConnect}
                aria-disabled={!links.dappConnect || undefined}
              >
                {t('landing.dappTry')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
