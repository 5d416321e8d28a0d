import { describe, expect, it, vi } from 'vitest';
import QRCode from 'qrcode';
import {
  decodeQrPixels,
  firstRecipient,
  jsQrDetector,
  jsQrFromModule,
  loadQrDetector,
  nativeQrDetector,
  scannedRecipient,
  stopStream,
  type ImageDataLike,
  type JsQrDecode,
} from './qrScan';

/**
 * RGBA pixels of a real QR code of `text`: black modules on white, a 4-module quiet zone (what readers
 * expect) and `scale` pixels per module, as a camera frame would hold it. jsdom has no canvas, so this
 * stands in for a frame read from the video.
 */
function qrPixels(text: string, scale = 4, quiet = 4): ImageDataLike {
  const { size, data: modules } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const side = (size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255); // white, opaque
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y * size + x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const o = (((quiet + y) * scale + dy) * side + (quiet + x) * scale + dx) * 4;
          data[o] = data[o + 1] = data[o + 2] = 0;
        }
      }
    }
  }
  return { data, width: side, height: side };
}

/** The real jsQR, loaded the way the app loads it (a dynamic import). */
const realJsQr = () => import('jsqr').then(jsQrFromModule);
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('scanned recipient text', () => {
  it('takes the part after the first colon, trimmed', () => {
    expect(scannedRecipient('bitcoin:bc1qabc')).toBe('bc1qabc');
    expect(scannedRecipient('  litecoin:ltc1qxyz \n')).toBe('ltc1qxyz');
    expect(scannedRecipient('bc1qabc')).toBe('bc1qabc');
    expect(scannedRecipient('ethereum:0xabc:extra')).toBe('0xabc:extra');
  });
  it('a payment QR (BIP 21) gives the address: the scheme and the query are dropped', () => {
    expect(scannedRecipient(`bitcoin:${ADDRESS}?amount=1&label=x`)).toBe(ADDRESS);
  });
  it('picks the first non-empty code', () => {
    expect(firstRecipient([])).toBeNull();
    expect(firstRecipient([{ rawValue: 'bitcoin:' }, { rawValue: 'bitcoin:bc1qz' }])).toBe('bc1qz');
  });
});

describe('jsQR fallback', () => {
  it('decodes a real QR code from RGBA pixels', async () => {
    const decode = await realJsQr();
    expect(decodeQrPixels(decode, qrPixels(`litecoin:${ADDRESS}`))).toBe(`litecoin:${ADDRESS}`);
    // light-on-dark (a wallet in dark mode) is read too
    const inverted = qrPixels(ADDRESS);
    for (let i = 0; i < inverted.data.length; i += 4) {
      inverted.data[i] = inverted.data[i + 1] = inverted.data[i + 2] = 255 - inverted.data[i]!;
    }
    expect(decodeQrPixels(decode, inverted)).toBe(ADDRESS);
  });
  it('finds nothing in a blank frame', async () => {
    const decode = await realJsQr();
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
    expect(decodeQrPixels(decode, blank)).toBeNull();
  });
  it('is a BarcodeDetector stand-in whose scan gives the address part', async () => {
    const frame = qrPixels(`bitcoin:${ADDRESS}`);
    const readFrame = vi.fn(() => frame);
    const detector = await loadQrDetector({ scope: {}, readFrame });
    expect(detector).not.toBeNull();
    const video = {} as HTMLVideoElement;
    const codes = await detector!.detect(video);
    expect(readFrame).toHaveBeenCalledWith(video);
    expect(codes).toEqual([{ rawValue: `bitcoin:${ADDRESS}` }]);
    expect(firstRecipient(codes)).toBe(ADDRESS);
  });
  it('reports no code while the video has no frame yet', async () => {
    const detector = jsQrDetector(await realJsQr(), () => null);
    await expect(detector.detect({} as HTMLVideoElement)).resolves.toEqual([]);
  });
  it('finds the function in either interop shape of the CommonJS module', () => {
    const fn: JsQrDecode = () => null;
    expect(jsQrFromModule(fn)).toBe(fn);
    expect(jsQrFromModule({ default: fn })).toBe(fn);
    expect(jsQrFromModule({ default: { default: fn } })).toBe(fn);
    expect(() => jsQrFromModule({})).toThrow();
  });
  it('is null (scanning unsupported) only when jsQR cannot be loaded', async () => {
    await expect(
      loadQrDetector({ scope: {}, loadJsQr: () => Promise.reject(new Error('offline')) }),
    ).resolves.toBeNull();
  });
});

describe('detector choice and camera', () => {
  const nativeCtor = () =>
    vi.fn(function (this: object, opts: unknown) {
      Object.assign(this, { opts, native: true, detect: () => Promise.resolve([]) });
    });

  it('is null without BarcodeDetector; asks for QR codes when present', () => {
    expect(nativeQrDetector({})).toBeNull();
    const ctor = nativeCtor();
    const d = nativeQrDetector({ BarcodeDetector: ctor });
    expect(d).not.toBeNull();
    expect(ctor).toHaveBeenCalledWith({ formats: ['qr_code'] });
  });
  it('prefers the native BarcodeDetector and then never loads jsQR', async () => {
    const ctor = nativeCtor();
    const loadJsQr = vi.fn(realJsQr);
    const d = await loadQrDetector({ scope: { BarcodeDetector: ctor }, loadJsQr });
    expect(d).toMatchObject({ native: true, opts: { formats: ['qr_code'] } });
    expect(loadJsQr).not.toHaveBeenCalled();
  });
  it('falls back to jsQR when the native detector lists no QR format', async () => {
    const ctor = Object.assign(nativeCtor(), { getSupportedFormats: () => Promise.resolve(['ean_13']) });
    const loadJsQr = vi.fn(realJsQr);
    const d = await loadQrDetector({
      scope: { BarcodeDetector: ctor },
      loadJsQr,
      readFrame: () => qrPixels(ADDRESS),
    });
    expect(loadJsQr).toHaveBeenCalledOnce();
    await expect(d!.detect({} as HTMLVideoElement)).resolves.toEqual([{ rawValue: ADDRESS }]);
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
