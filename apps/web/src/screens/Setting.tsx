import {
  Button,
  Card,
  Container,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  isMantineColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { toast, TOAST_MS } from '@secux-companion/web-kit/lib/toast';
import { CURRENCIES, CURRENCY_STORAGE_KEY, resolveCurrency } from '@secux-companion/core';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SMALL_SCREEN_MAX, useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { BleUpdateModal } from '../firmware/BleUpdateModal';
import { McuUpdateFlow } from '../firmware/McuUpdateFlow';
import { SeUpdatePanel } from '../firmware/SeUpdatePanel';
import { McuHistoryButton, useSeFeatures, WhatsNew } from '../firmware/WhatsNew';
import { CURRENCY_TOAST_MS, fetchCurrencyRate } from './currencyRate';
import { coinSelection } from '@secux-companion/web-kit/state/coinSelection';
import { deviceInfo, useDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { queryClient } from '../state/queryClient';
import { resetWalletData } from '@secux-companion/web-kit/state/walletStorage';
import { session, useSession, type SettingsTab } from '../state/session';
import { AddressBookPanel } from '@secux-companion/web-kit/addressBook/AddressBookPanel';
import { LabelsPanel } from '@secux-companion/web-kit/labels/LabelsPanel';
import { HidingSettings } from './HidingSettings';

/**
 * Dark mode (issue 20): the system's setting ('auto', MantineProvider's default in main.tsx) unless the user picks
 * light or dark here; Mantine keeps the choice in local storage.
 */
const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const satisfies readonly MantineColorScheme[];

function readCurrency(): string {
  try {
    return resolveCurrency(localStorage.getItem(CURRENCY_STORAGE_KEY)).code;
  } catch {
    return resolveCurrency(null).code;
  }
}

/** Update tabs are disabled on Android with a window narrower than 768 px (spec 01 §2, §6). */
export function updateTabsDisabled(userAgent: string, smallScreen: boolean): boolean {
  return /Android/i.test(userAgent) && smallScreen;
}

function GeneralTab() {
  const { t } = useTranslation();
  const size = useModalSize();
  const mcu = useDeviceInfo((s) => s.mcuVersion);
  const se = useDeviceInfo((s) => s.seVersion);
  const [currency, setCurrency] = useState(readCurrency);
  const [confirmReset, setConfirmReset] = useState(false);
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  const chooseCurrency = (code: string) => {
    setCurrency(code);
    try {
      localStorage.setItem(CURRENCY_STORAGE_KEY, code);
    } catch {
      // without storage the choice lasts this page only
    }
    // The new currency's rate is loaded now; a failure is told for 5 s (spec 01 §8).
    void fetchCurrencyRate(code).then((rate) => {
      if (rate === null)
        toast({ color: 'red', autoClose: CURRENCY_TOAST_MS, message: t('errors.currencyLoadFailed') });
    });
  };
  /**
   * Reset (issue 18): every wallet datum this browser keeps goes (accounts, added EVM chains, token lists,
   * flags) with the cached server answers; language and currency stay. The coin choice is cleared, so the
   * accounts are read from the device again when a coin or the EVM chains are opened.
   */
  const reset = () => {
    resetWalletData();
    coinSelection.set({ coin: null });
    void queryClient.resetQueries();
    setConfirmReset(false);
    toast({ message: t('settings.resetDone'), autoClose: TOAST_MS.normal });
  };

  return (
    <Stack>
      <NativeSelect
        label={t('settings.currency')}
        value={currency}
        onChange={(e) => chooseCurrency(e.currentTarget.value)}
        data={CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} (${c.symbol})` }))}
        data-testid="currency-select"
        w={260}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="color-scheme-label">
          {t('appearance.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="color-scheme-label"
          value={colorScheme}
          onChange={(v) => isMantineColorScheme(v) && setColorScheme(v)}
          data={COLOR_SCHEMES.map((v) => ({ value: v, label: t(`appearance.${v}`) }))}
          data-testid="color-scheme"
          w="fit-content"
        />
      </Stack>
      <Table w="fit-content">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>{t('home.seFirmware')}</Table.Th>
            <Table.Td data-testid="settings-se-version">{se ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('home.mcuFirmware')}</Table.Th>
            <Table.Td data-testid="settings-mcu-version">{mcu ?? '—'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Card withBorder>
        <Stack gap="xs">
          <Text fw={700}>{t('settings.resetTitle')}</Text>
          <Text size="sm">{t('settings.resetText')}</Text>
          <Button
            color="red"
            variant="light"
            w="fit-content"
            onClick={() => setConfirmReset(true)}
            data-testid="reset-open"
          >
            {t('settings.reset')}
          </Button>
        </Stack>
      </Card>
      <Modal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('settings.resetConfirmTitle')}
        size={size}
        centered
      >
        <Stack>
          <Text>{t('settings.resetConfirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmReset(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={reset} data-testid="reset-confirm">
              {t('settings.reset')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function McuTab() {
  const { t } = useTranslation();
  const latest = useDeviceInfo((s) => s.latest);
  const state = useDeviceInfo((s) => s.mcuState);
  const transport = useDeviceInfo((s) => s.transport);
  const deviceType = useDeviceInfo((s) => s.deviceType);
  const bootloader = useSession((s) => s.bootloader);
  const [bleOpen, setBleOpen] = useState(false);
  const open = () => {
    if (transport === 'bluetooth') setBleOpen(true);
    else deviceInfo.set({ mcuFlowOpen: true });
  };
  return (
    <Stack>
      <WhatsNew
        version={latest?.latestFirmwareVersion ?? null}
        features={latest?.features ?? []}
        testId="mcu-whats-new"
      />
      <Group>
        <McuHistoryButton />
      </Group>
      <Card withBorder>
        <Stack gap="xs">
          <Text data-testid="mcu-update-state">
            {bootloader
              ? t('settings.mcuInBootloader')
              : state === 'noNeed'
                ? t('settings.mcuUpToDate')
                : t('settings.mcuUpdateAvailable')}
          </Text>
          <Button w="fit-content" onClick={open} data-testid="mcu-update-open">
            {t('settings.mcuUpdateButton')}
          </Button>
        </Stack>
      </Card>
      <BleUpdateModal opened={bleOpen} onClose={() => setBleOpen(false)} deviceType={deviceType} />
    </Stack>
  );
}

function SeTab() {
  const latest = useDeviceInfo((s) => s.latest);
  const version = latest?.latestSeVersion ?? null;
  const features = useSeFeatures(version);
  return (
    <Stack>
      <WhatsNew version={version} features={features} testId="se-whats-new" />
      <SeUpdatePanel />
    </Stack>
  );
}

/** Settings: General, Address book, Labels, Hide, MCU firmware update and SE firmware update (spec 01 §2). */
export default function Setting() {
  const { t } = useTranslation();
  const tab = useSession((s) => s.settingsTab);
  const bootloader = useSession((s) => s.bootloader);
  const mcuFlowOpen = useDeviceInfo((s) => s.mcuFlowOpen);
  const forced = useDeviceInfo((s) => s.mcuState === 'force');
  const small = useMediaQuery(`(max-width: ${SMALL_SCREEN_MAX - 1}px)`, window.innerWidth < SMALL_SCREEN_MAX);
  const disabled = updateTabsDisabled(navigator.userAgent, small ?? false);
  const tabs: { value: SettingsTab; label: string; off: boolean; Panel: ComponentType }[] = [
    { value: 'general', label: 'settings.general', off: bootloader, Panel: GeneralTab },
    { value: 'contacts', label: 'addressBook.tab', off: bootloader, Panel: AddressBookPanel },
    { value: 'labels', label: 'labels.tab', off: bootloader, Panel: LabelsPanel },
    { value: 'hiding', label: 'hiding.tab', off: bootloader, Panel: HidingSettings },
    { value: 'mcu', label: 'settings.mcuTab', off: disabled, Panel: McuTab },
    { value: 'se', label: 'settings.seTab', off: disabled || bootloader, Panel: SeTab },
  ];

  return (
    <Container py="lg">
      <Stack>
        <Title order={1} size="h2">
          {t('wallet.setting')}
        </Title>
        <Tabs
          value={tab}
          onChange={(v) => v && session.set({ settingsTab: v as SettingsTab })}
          keepMounted={false}
        >
          <Tabs.List>
            {tabs.map(({ value, label, off }) => (
              <Tabs.Tab key={value} value={value} disabled={off} data-testid={`tab-${value}`}>
                {t(label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ value, Panel }) => (
            <Tabs.Panel key={value} value={value} pt="md">
              <Panel />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <McuUpdateFlow
        opened={mcuFlowOpen}
        onClose={() => deviceInfo.set({ mcuFlowOpen: false })}
        forced={forced}
        inBootloader={bootloader}
      />
    </Container>
  );
}
