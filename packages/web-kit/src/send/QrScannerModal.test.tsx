import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '../test/ui';
import { QrScannerModal } from './QrScannerModal';
import { loadQrDetector, type BarcodeDetectorLike } from './qrScan';

// jsdom has neither a camera nor a canvas: the detector is a double, the decoding itself is qrScan.test.ts's.
vi.mock('./qrScan', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./qrScan')>()),
  loadQrDetector: vi.fn(),
}));
const load = vi.mocked(loadQrDetector);

setupUiTests();

function fakeCamera() {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(() => Promise.resolve(stream)) },
  });
  return track;
}

beforeAll(() => {
  // jsdom's media element neither plays nor gets frames: a playing video with a current frame.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  load.mockReset();
});

describe('QR scanner modal', () => {
  it('is not supported without a camera API, and loads no decoder', () => {
    renderUi(<QrScannerModal onScan={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByTestId('qr-scan-problem').textContent).toBe(
      'QR code scanning is not supported in this browser.',
    );
    expect(load).not.toHaveBeenCalled();
  });

  it('passes the address part of a scan and stops the camera', async () => {
    const track = fakeCamera();
    const detector: BarcodeDetectorLike = {
      detect: vi.fn(() => Promise.resolve([{ rawValue: 'litecoin:ltc1qxyz' }])),
    };
    load.mockResolvedValue(detector);
    const onScan = vi.fn();
    renderUi(<QrScannerModal onScan={onScan} onClose={vi.fn()} />);
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('ltc1qxyz'));
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByTestId('qr-scan-problem')).toBeNull();
  });

  it('releases the camera and says not supported when no decoder can be loaded', async () => {
    const track = fakeCamera();
    load.mockResolvedValue(null);
    renderUi(<QrScannerModal onScan={vi.fn()} onClose={vi.fn()} />);
    await screen.findByTestId('qr-scan-problem');
    expect(track.stop).toHaveBeenCalled();
  });

  it('stops the camera when closed before a scan', async () => {
    const track = fakeCamera();
    load.mockResolvedValue({ detect: () => Promise.resolve([]) });
    const { unmount } = renderUi(<QrScannerModal onScan={vi.fn()} onClose={vi.fn()} />);
    await waitFor(() => expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });
});
