import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { i18next } from '@secux-companion/web-kit/i18n';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { emptyRemoteConfig, renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import {
  CardanoModal,
  ForceUpdateModal,
  SeNotSupportedModal,
  TestAccountsModal,
  UnsupportedCoinModal,
  UnsupportedDeviceModal,
  UninitializedWalletModal,
  UnsupportedModelModal,
  UsbOnlyModal,
} from './Modals';

setupUiTests();
// The Cardano and unsupported-device notices read their links from the remote config.
emptyRemoteConfig();

const noop = () => undefined;
const close = { opened: true, onClose: noop };

// Each notice: its test id, title and text keys, and whether it can be closed.
const NOTICES: [string, ReactElement, string, string, boolean][] = [
  [
    'force-update-modal',
    <ForceUpdateModal {...close} forced onUpdate={noop} />,
    'firmware.forceTitle',
    'firmware.forceText',
    false,
  ],
  [
    'optional-update-modal',
    <ForceUpdateModal {...close} forced={false} onUpdate={noop} />,
    'firmware.optionalTitle',
    'firmware.optionalText',
    true,
  ],
  [
    'se-not-supported-modal',
    <SeNotSupportedModal {...close} />,
    'firmware.seNotSupportedTitle',
    'errors.seNotSupported',
    true,
  ],
  ['usb-only-modal', <UsbOnlyModal {...close} />, 'firmware.usbOnlyTitle', 'firmware.usbOnlyText', true],
  ['cardano-modal', <CardanoModal {...close} />, 'firmware.cardanoTitle', 'firmware.cardanoText', true],
  [
    'test-accounts-modal',
    <TestAccountsModal {...close} onPrepare={noop} />,
    'firmware.testAccountsTitle',
    'firmware.testAccountsText',
    true,
  ],
  [
    'unsupported-model-modal',
    <UnsupportedModelModal opened onLogout={noop} />,
    'firmware.biometricTitle',
    'firmware.biometricText',
    false,
  ],
  [
    'uninitialized-wallet-modal',
    <UninitializedWalletModal opened onLogout={noop} />,
    'firmware.uninitializedTitle',
    'errors.walletNotInitialized',
    false,
  ],
];

describe('firmware notices', () => {
  it.each(NOTICES)(
    '%s: its own title and text, closable as it should be',
    (testId, node, titleKey, textKey, closable) => {
      renderUi(node);
      const dialog = within(screen.getByTestId(testId));
      expect(screen.getByRole('dialog', { name: i18next.t(titleKey) })).toBeTruthy();
      expect(dialog.getByText(i18next.t(textKey))).toBeTruthy();
      // A notice that may not be closed has no close button (the only unnamed button of a Mantine modal).
      const buttons = within(screen.getByRole('dialog')).getAllByRole('button');
      expect(buttons.some((b) => !b.textContent?.trim())).toBe(closable);
    },
  );

  it('the unsupported-device notice shows the catalogue message for the coin and lists the support details', () => {
    renderUi(<UnsupportedDeviceModal {...close} coin="XLM" model="V20" seVersion="1.80" />);
    expect(screen.getByRole('dialog', { name: i18next.t('firmware.unsupportedDeviceTitle') })).toBeTruthy();
    const dialog = within(screen.getByTestId('unsupported-device-modal'));
    expect(
      dialog.getByText(
        'This device is not supported for XLM. Please email support with your contact information, proof of purchase, device model and SE firmware version.',
      ),
    ).toBeTruthy();
    expect(dialog.getByText(i18next.t('firmware.unsupportedDeviceModel', { model: 'V20' }))).toBeTruthy();
    expect(dialog.getByText(i18next.t('firmware.unsupportedDeviceSe', { version: '1.80' }))).toBeTruthy();
  });

  it('the Cardano notice without the portal address (no remote config): its Go link is inactive, for assistive technology too', async () => {
    renderUi(<CardanoModal {...close} />);
    const go = await screen.findByText(i18next.t('firmware.cardanoGo'));
    const link = go.closest('a')!;
    expect(link.getAttribute('href')).toBeNull();
    expect(link.getAttribute('aria-disabled')).toBe('true');
  });

  it('a device without a wallet: initialize it or restore it with the recovery words on the device; only Log out is offered', () => {
    const onLogout = vi.fn();
    renderUi(<UninitializedWalletModal opened onLogout={onLogout} />);
    const dialog = within(screen.getByRole('dialog', { name: 'No wallet on this device' }));
    expect(dialog.getByText('Please initialize the wallet on your device first.')).toBeTruthy();
    expect(
      dialog.getByText('To use a wallet you already have, restore the device with its recovery words.'),
    ).toBeTruthy();
    // No account action: the one button logs out.
    expect(dialog.getAllByRole('button').map((b) => b.textContent)).toEqual(['Log out']);
    dialog.getByRole('button', { name: 'Log out' }).click();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('a closable notice calls onClose from its close button', () => {
    const onClose = vi.fn();
    renderUi(<UsbOnlyModal opened onClose={onClose} />);
    const buttons = within(screen.getByRole('dialog')).getAllByRole('button');
    buttons.find((b) => !b.textContent?.trim())!.click();
    expect(onClose).toHaveBeenCalled();
  });
});

it('every firmware notice passes axe (WCAG 2 A and AA; contrast is the browser suite’s) in each language', async () => {
  const all: [string, ReactElement][] = [
    ...NOTICES.map(([id, node]): [string, ReactElement] => [id, node]),
    [
      'unsupported-device-modal',
      <UnsupportedDeviceModal {...close} coin="XLM" model="V20" seVersion="1.80" />,
    ],
    [
      'unsupported-coin-modal',
      <UnsupportedCoinModal {...close} message="XRP needs MCU 2.25" action="mcu" onAction={noop} />,
    ],
  ];
  expect(await axeInEveryLanguage(all)).toEqual([]);
}, 30_000); // ten notices in three languages: more than the default 5 s on a busy machine
