import {
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  List,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  isCoinMenuVisible,
  isSeVersionUnsupported,
  shouldOpenForceUpdateModal,
  type ChainSymbol,
} from '@secux-companion/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { BleUpdateModal } from '../firmware/BleUpdateModal';
import {
  CardanoModal,
  ForceUpdateModal,
  SeNotSupportedModal,
  TestAccountsModal,
  UnsupportedCoinModal,
  UnsupportedDeviceModal,
  UsbOnlyModal,
  type UnsupportedCoinAction,
} from '../firmware/Modals';
import { homePrompts } from '../firmware/prompts';
import { deleteAllAccounts } from '../firmware/updates';
import { chooseCoin } from '../home/coinChoice';
import { CoinMenu } from '../home/CoinMenu';
import { Announcements, Banner, Faq, HelpCards, SectionCard } from '../home/HomeContent';
import NewsModal from '../home/NewsModal';
import { Portfolio } from '../home/Portfolio';
import { DeveloperPanel } from '../home/DeveloperPanel';
import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { EXTERNAL_LINK_PROPS, useLinks } from '@secux-companion/web-kit/lib/links';
import { coinSelection } from '@secux-companion/web-kit/state/coinSelection';
import { deviceInfo, useDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { hideLoader, session, showLoader, useSession } from '../state/session';
import { useStore } from '@secux-companion/web-kit/state/store';
import { WALLET_STORAGE_KEYS } from '@secux-companion/web-kit/state/walletStorage';

/** Set by the welcome modal's Continue only (spec 01 §2 wallet home); Reset removes it. */
export const AUTHORIZED_KEY = WALLET_STORAGE_KEYS.authorized;

function readAuthorized(): boolean {
  try {
    return localStorage.getItem(AUTHORIZED_KEY) === 'true';
  } catch {
    return false;
  }
}

type CoinModal =
  | { kind: 'unsupported'; message: string; action: UnsupportedCoinAction }
  | { kind: 'unsupportedDevice'; coin: ChainSymbol }
  | { kind: 'cardano' }
  | null;

/** A row of the device table: a firmware's label and version, then its state (a note or an update button). */
function FirmwareRow({
  label,
  version,
  testId,
  children,
}: {
  label: string;
  version: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Table.Tr>
      <Table.Th>{label}</Table.Th>
      <Table.Td>
        <Group gap="sm">
          <span data-testid={testId}>{version}</span>
          {children}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A firmware's state as a dimmed note ("latest version", …). */
function FirmwareNote({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {children}
    </Text>
  );
}

export default function Welcome() {
  const { t } = useTranslation();
  const size = useModalSize();
  const navigate = useNavigate();
  const [authorized, setAuthorized] = useState(readAuthorized);
  const method = useSession((s) => s.method);
  const connected = useSession((s) => s.connected);
  const bootloader = useSession((s) => s.bootloader);
  const seUpdateError = useSession((s) => s.seUpdateError);
  const info = useDeviceInfo((s) => s);
  const prompts = useStore(homePrompts, (s) => s);
  const [bleOpen, setBleOpen] = useState(false);
  const [usbOnlyOpen, setUsbOnlyOpen] = useState(false);
  const [coinModal, setCoinModal] = useState<CoinModal>(null);
  const [forceFromCoin, setForceFromCoin] = useState(false);
  const [newsOpen, setNewsOpen] = useState(false);
  const links = useLinks();

  if (!method || (!connected && !bootloader)) return <Navigate to={ROUTES.ConnMethod} replace />;

  const bluetooth = info.transport === 'bluetooth';
  const mcu = info.mcuVersion ?? '';
  const se = info.seVersion ?? '';
  const c20 = info.deviceType === 'C20';

  const accept = () => {
    try {
      localStorage.setItem(AUTHORIZED_KEY, 'true');
    } catch {
      // without storage the modal simply shows again next time
    }
    setAuthorized(true);
  };

  /** MCU update: the 3-step flow over USB, the connection-way options over Bluetooth. */
  const openMcuUpdate = () => {
    homePrompts.set({ updateNoticeDismissed: true, forceAfterPrepare: false });
    setForceFromCoin(false);
    if (bluetooth) {
      setBleOpen(true);
      return;
    }
    session.set({ settingsTab: 'mcu' });
    deviceInfo.set({ mcuFlowOpen: true });
    void navigate(ROUTES.Setting);
  };
  /** SE update: Setting's SE tab, only over USB. */
  const openSeUpdate = () => {
    homePrompts.set({ seWarningDismissed: true });
    if (bluetooth) {
      setUsbOnlyOpen(true);
      return;
    }
    session.set({ settingsTab: 'se' });
    void navigate(ROUTES.Setting);
  };

  const prepareTestAccounts = async () => {
    homePrompts.set({ testAccountsDismissed: true });
    showLoader('firmware.preparing');
    try {
      await deleteAllAccounts();
    } catch (error) {
      console.warn('deleting test accounts failed', error);
    } finally {
      hideLoader();
    }
    if (bluetooth) homePrompts.set({ forceAfterPrepare: true, updateNoticeDismissed: false });
    else openMcuUpdate();
  };

  const selectCoin = (coin: ChainSymbol) => {
    try {
      const choice = chooseCoin(coin, {
        mcuState: info.mcuState,
        mcu,
        se,
        deviceType: info.deviceType ?? undefined,
      });
      switch (choice.kind) {
        case 'force':
          setForceFromCoin(true);
          return;
        case 'unsupportedDevice':
          setCoinModal({ kind: 'unsupportedDevice', coin });
          return;
        case 'unsupported':
          setCoinModal({
            kind: 'unsupported',
            action: choice.action,
            message: t(choice.messageKey, { version: choice.version }),
          });
          return;
        case 'cardano':
          setCoinModal({ kind: 'cardano' });
          return;
        case 'evm':
          coinSelection.set({ coin: 'EVM' });
          void navigate(ROUTES.evmChains);
          return;
        case 'account':
          coinSelection.set({ coin });
          void navigate(ROUTES.Account);
      }
    } catch (error) {
      console.warn('coin selection failed', error);
      window.alert(t('errors.err-40'));
      void navigate(ROUTES.wallet);
    }
  };

  const onUnsupportedAction = (action: UnsupportedCoinAction) => {
    setCoinModal(null);
    if (action === 'mcu') openMcuUpdate();
    else if (action === 'se') openSeUpdate();
  };

  // Prompts after the welcome modal, one at a time: test accounts, SE not supported, then the update modal.
  const showTestAccounts = authorized && info.testAccounts && !c20 && !prompts.testAccountsDismissed;
  const showSeWarning =
    authorized && !showTestAccounts && !!se && isSeVersionUnsupported(se) && !prompts.seWarningDismissed;
  const updateRule = shouldOpenForceUpdateModal({
    transport: info.transport,
    mcuState: info.mcuState,
    hasTestAccounts: info.hasTestAccounts,
    mcuVersion: mcu,
    deviceType: info.deviceType ?? undefined,
  });
  const showUpdate =
    forceFromCoin ||
    (authorized &&
      !showTestAccounts &&
      !showSeWarning &&
      !bleOpen &&
      !prompts.updateNoticeDismissed &&
      (updateRule || prompts.forceAfterPrepare));
  const forced = info.mcuState === 'force' || prompts.forceAfterPrepare;

  const menuVisible = isCoinMenuVisible({ bootloader, seVersion: se, seUpdateError });

  return (
    <Container size="xl" py="lg">
      {/* Only Continue stores the flag: Escape and a click outside leave the modal open (spec 01 §4). */}
      <Modal
        opened={!authorized}
        onClose={() => undefined}
        closeOnEscape={false}
        closeOnClickOutside={false}
        title={t('welcome.modalTitle')}
        size={size}
        centered
        withCloseButton={false}
      >
        <Stack>
          <List>
            <List.Item>{t('welcome.noCustody')}</List.Item>
            <List.Item>{t('welcome.noFee')}</List.Item>
            <List.Item>{t('welcome.noData')}</List.Item>
          </List>
          <Group gap="md">
            <Anchor href={links.terms} {...EXTERNAL_LINK_PROPS}>
              {t('landing.termsLink')}
            </Anchor>
            <Anchor
              component="button"
              type="button"
              onClick={() => setNewsOpen(true)}
              data-testid="welcome-news"
            >
              {t('topbar.news')}
            </Anchor>
          </Group>
          <Button onClick={accept} data-testid="welcome-continue">
            {t('welcome.continue')}
          </Button>
        </Stack>
      </Modal>
      <NewsModal opened={newsOpen} onClose={() => setNewsOpen(false)} />
      <TestAccountsModal
        opened={showTestAccounts}
        onClose={() => homePrompts.set({ testAccountsDismissed: true })}
        onPrepare={() => void prepareTestAccounts()}
      />
      <SeNotSupportedModal
        opened={showSeWarning}
        onClose={() => homePrompts.set({ seWarningDismissed: true })}
        onUpdate={openSeUpdate}
      />
      <ForceUpdateModal
        opened={showUpdate}
        forced={forced}
        onClose={() => {
          setForceFromCoin(false);
          homePrompts.set({ updateNoticeDismissed: true });
        }}
        onUpdate={openMcuUpdate}
      />
      <BleUpdateModal opened={bleOpen} onClose={() => setBleOpen(false)} deviceType={info.deviceType} />
      <UsbOnlyModal opened={usbOnlyOpen} onClose={() => setUsbOnlyOpen(false)} />
      <UnsupportedCoinModal
        opened={coinModal?.kind === 'unsupported'}
        onClose={() => setCoinModal(null)}
        message={coinModal?.kind === 'unsupported' ? coinModal.message : ''}
        action={coinModal?.kind === 'unsupported' ? coinModal.action : 'cancel'}
        onAction={onUnsupportedAction}
      />
      <UnsupportedDeviceModal
        opened={coinModal?.kind === 'unsupportedDevice'}
        onClose={() => setCoinModal(null)}
        coin={coinModal?.kind === 'unsupportedDevice' ? coinModal.coin : ''}
        model={info.model ?? ''}
        seVersion={se}
      />
      <CardanoModal opened={coinModal?.kind === 'cardano'} onClose={() => setCoinModal(null)} />

      <Grid gap="lg">
        {menuVisible && (
          <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
            <CoinMenu onSelect={selectCoin} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: menuVisible ? 8 : 12, md: menuVisible ? 9 : 12 }}>
          <Stack>
            <Title order={1} size="h2">
              {t('wallet.welcome')}
            </Title>
            <Banner />
            <Portfolio />
            <SectionCard titleId="device-title" title={t('home.device')}>
              <Table>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>{t('home.deviceStatus')}</Table.Th>
                    <Table.Td>
                      <Badge color="green" variant="light" data-testid="device-status">
                        {t('home.secureConnection')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                  <FirmwareRow label={t('home.mcuFirmware')} version={mcu} testId="mcu-version">
                    {info.mcuState === 'noNeed' ? (
                      <FirmwareNote testId="mcu-latest">{t('home.latestVersion')}</FirmwareNote>
                    ) : (
                      <Button
                        size="xs"
                        color={info.mcuState === 'force' ? 'red' : 'blue'}
                        onClick={openMcuUpdate}
                        data-testid="mcu-update-button"
                      >
                        {info.mcuState === 'force' ? t('home.updateRequired') : t('home.updateAvailable')}
                      </Button>
                    )}
                  </FirmwareRow>
                  <FirmwareRow label={t('home.seFirmware')} version={se} testId="se-version">
                    {info.seState === 'latest' ? (
                      <FirmwareNote testId="se-latest">{t('home.latestVersion')}</FirmwareNote>
                    ) : bluetooth ? (
                      <FirmwareNote testId="se-bluetooth-note">{t('home.seBluetoothNote')}</FirmwareNote>
                    ) : (
                      <Button size="xs" onClick={openSeUpdate} data-testid="se-update-button">
                        {t('home.updateAvailable')}
                      </Button>
                    )}
                  </FirmwareRow>
                </Table.Tbody>
              </Table>
              <Group mt="sm">
                <Button component={Link} to={ROUTES.Receive} variant="light" data-testid="home-receive">
                  {t('receive.title')}
                </Button>
              </Group>
            </SectionCard>
            <Announcements />
            <Faq />
            <HelpCards />
            <DeveloperPanel />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
