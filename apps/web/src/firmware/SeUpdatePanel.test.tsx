/**
 * The SE update (spec 01 §4 "SE update") driven through the software device: start → SE bootloader → the image
 * written with its progress → at 100 % the restart step shows, the state-011 alert and the page reload follow
 * without another click.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildFirmwareImage, MemoryStorage, SecuxEmulator } from '@secux-companion/emulator';
import { connectEmulator } from '@secux-companion/device';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import { deviceInfo, initialDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import '../device/shims';
import { SeUpdatePanel } from './SeUpdatePanel';

setupUiTests();

const image = buildFirmwareImage('se', '1.97', new Uint8Array(4096).fill(2));
let emulator: SecuxEmulator;
let alert: ReturnType<typeof vi.fn>;
let reload: ReturnType<typeof vi.fn>;
/** The progress shown on screen at the moment the alert opened. */
let shownAtAlert: string[] = [];

beforeEach(async () => {
  emulator = new SecuxEmulator({ seVersion: '1.90.0', storage: new MemoryStorage() });
  const device = await connectEmulator(emulator);
  runtime.set({ device, emulator });
  deviceInfo.set({ ...initialDeviceInfo, model: 'V20', seVersion: '1.90.0', transport: 'usb' });
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/firmware/downloadSE' ? new Response(image.slice().buffer) : new Response('{}'),
  );
  shownAtAlert = [];
  alert = vi.fn((text: string) => {
    shownAtAlert.push(
      text,
      screen.queryByTestId('se-step-restart') ? 'restart step shown' : 'no restart step',
    );
  });
  reload = vi.fn();
  vi.stubGlobal('alert', alert);
  vi.stubGlobal('location', { ...window.location, reload });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  const device = runtime.get().device;
  runtime.set({ device: null, emulator: null });
  await device?.disconnect().catch(() => undefined);
});

describe('SE update', { timeout: 30_000 }, () => {
  it('at 100 % the restart step shows and the state-011 alert and the reload follow by themselves', async () => {
    renderUi(<SeUpdatePanel />);
    fireEvent.click(screen.getByTestId('se-update-start'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(alert).toHaveBeenCalledTimes(1);
    // The alert came first, over the restart step (reboot the device), and the reload after it.
    expect(shownAtAlert).toEqual(['Firmware updated successfully.', 'restart step shown']);
    expect(alert.mock.invocationCallOrder[0]!).toBeLessThan(reload.mock.invocationCallOrder[0]!);
    expect(screen.getByTestId('se-step-restart').textContent).toContain(
      'hold the power button for more than 3 seconds',
    );
    // The device has the new SE.
    expect(emulator.state.seVersion).toBe('1.97');
  });

  it('a failed download alerts its error and stays on the start step, with no reload', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/firmware/downloadSE' ? new Response('down', { status: 500 }) : new Response('{}'),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderUi(<SeUpdatePanel />);
    fireEvent.click(screen.getByTestId('se-update-start'));
    expect((await screen.findByTestId('se-update-error', {}, { timeout: 20_000 })).textContent).toBe(
      'HTTP error! status: 500',
    );
    expect(alert).toHaveBeenCalledWith('HTTP error! status: 500');
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByTestId('se-step-restart')).toBeNull();
  });
});
