import { describe, expect, it, vi } from 'vitest';
import { createQrDetector, firstRecipient, scannedRecipient, stopStream } from './qrScan';

describe('scanned recipient text', () => {
  it('takes the part after the first colon, trimmed', () => {
    expect(scannedRecipient('bitcoin:bc1qabc')).toBe('bc1qabc');
    expect(scannedRecipient('  litecoin:ltc1qxyz \n')).toBe('ltc1qxyz');
    expect(scannedRecipient('bc1qabc')).toBe('bc1qabc');
    expect(scannedRecipient('ethereum:0xabc:extra')).toBe('0xabc:extra');
  });
  it('picks the first non-empty code', () => {
    expect(firstRecipient([])).toBeNull();
    expect(firstRecipient([{ rawValue: 'bitcoin:' }, { rawValue: 'bitcoin:bc1qz' }])).toBe('bc1qz');
  });
});

describe('detector and camera', () => {
  it('is null without BarcodeDetector; asks for QR codes when present', () => {
    expect(createQrDetector({})).toBeNull();
    const ctor = vi.fn(function (this: object, opts: unknown) {
      Object.assign(this, { opts, detect: () => Promise.resolve([]) });
    });
    const d = createQrDetector({ BarcodeDetector: ctor });
    expect(d).not.toBeNull();
    expect(ctor).toHaveBeenCalledWith({ formats: ['qr_code'] });
  });
  it('stops every camera track', () => {
    const a = { stop: vi.fn() };
    const b = { stop: vi.fn() };
    stopStream({ getTracks: () => [a, b] as unknown as MediaStreamTrack[] });
    expect(a.stop).toHaveBeenCalled();
    expect(b.stop).toHaveBeenCalled();
    stopStream(null);
  });
});
