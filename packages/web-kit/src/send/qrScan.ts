/**
 * QR scanner helpers for the recipient field (spec 01 §2, §4): scanned text → recipient.
 *
 * Decoding prefers the browser's BarcodeDetector (Chromium on Android, ChromeOS and macOS). Desktop Chrome
 * on Windows and Linux has none, and that is where most owners of a USB hardware wallet are, so without it
 * the camera frames are decoded by jsQR (pure JavaScript) instead. jsQR is imported on demand: it is only
 * needed once the scanner opens, and the landing page's bundle budget has no room for it.
 */
import { stripScheme } from '@secux-companion/core';

/** A QR scan takes the part after the first colon ('bitcoin:bc1q…' → 'bc1q…'), trimmed. */
export function scannedRecipient(raw: string): string {
  // Payment QR codes (BIP 21, EIP 681-like) add '?amount=…&label=…' after the address; no address holds a
  // '?', so the query is dropped and the recipient field gets the address alone.
  return stripScheme(raw.trim()).split('?')[0]!.trim();
}

export interface DetectedBarcode {
  rawValue: string;
}
/** What the scan loop needs of a detector: the native BarcodeDetector's `detect`, or the jsQR stand-in. */
export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = (new (opts?: { formats?: string[] }) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** The browser's BarcodeDetector for QR codes, or null when the browser has none. */
export function nativeQrDetector(scope: object = globalThis): BarcodeDetectorLike | null {
  const Ctor = (scope as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (typeof Ctor !== 'function') return null;
  try {
    return new Ctor({ formats: ['qr_code'] });
  } catch {
    return null;
  }
}

/** Pixels of one frame: the shape of the DOM's ImageData, so tests can pass a plain object. */
export interface ImageDataLike {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}
/** The part of jsQR's signature that is used here (it also returns the code's position, unused). */
export type JsQrDecode = (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options?: { inversionAttempts?: 'dontInvert' | 'onlyInvert' | 'attemptBoth' | 'invertFirst' },
) => { data: string } | null;

/** The text of the QR code in an RGBA frame, or null when jsQR finds none. */
export function decodeQrPixels(decode: JsQrDecode, image: ImageDataLike): string | null {
  // 'attemptBoth': some wallets show light-on-dark codes in dark mode; the second pass runs only when the
  // first finds nothing.
  return decode(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** Reads the current pixels of a video (or other image source); null when there is no frame yet. */
export type FrameReader = (source: CanvasImageSource) => ImageDataLike | null;

/**
 * jsQR is synchronous and runs on the main thread every scan tick, and its time grows with the pixel count;
 * frames are scaled down to this longer side (a phone's address code still spans well over 100 pixels).
 */
export const MAX_FRAME_SIDE = 1024;

function sourceSize(source: CanvasImageSource): { width: number; height: number } {
  // A video's width/height attributes are its layout size; the frame's own size is videoWidth/videoHeight.
  if ('videoWidth' in source) return { width: source.videoWidth, height: source.videoHeight };
  if ('displayWidth' in source) return { width: source.displayWidth, height: source.displayHeight };
  if ('naturalWidth' in source) return { width: source.naturalWidth, height: source.naturalHeight };
  const { width, height } = source as { width: unknown; height: unknown };
  return typeof width === 'number' && typeof height === 'number'
    ? { width, height }
    : { width: 0, height: 0 };
}

type Context2d = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function newContext2d(width: number, height: number): Context2d | null {
  // Every frame is read back with getImageData: ask for a CPU-side bitmap rather than a GPU one.
  const options: CanvasRenderingContext2DSettings = { willReadFrequently: true };
  if (typeof OffscreenCanvas === 'function')
    return new OffscreenCanvas(width, height).getContext('2d', options);
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas'); // detached: never shown
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext('2d', options);
}

/** A FrameReader that draws onto one reused off-screen canvas (OffscreenCanvas or a detached <canvas>). */
export function canvasFrameReader(maxSide = MAX_FRAME_SIDE): FrameReader {
  let context: Context2d | null = null;
  return (source) => {
    const size = sourceSize(source);
    if (!(size.width > 0 && size.height > 0)) return null;
    const scale = Math.min(1, maxSide / Math.max(size.width, size.height));
    const width = Math.max(1, Math.round(size.width * scale));
    const height = Math.max(1, Math.round(size.height * scale));
    context ??= newContext2d(width, height);
    if (!context) throw new Error('no 2D canvas to read camera frames');
    const canvas = context.canvas;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(source, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  };
}

/** A BarcodeDetector stand-in: each `detect` reads one frame and decodes it with jsQR. */
export function jsQrDetector(
  decode: JsQrDecode,
  readFrame: FrameReader = canvasFrameReader(),
): BarcodeDetectorLike {
  return {
    detect(source) {
      try {
        const frame = readFrame(source);
        const text = frame ? decodeQrPixels(decode, frame) : null;
        return Promise.resolve(text === null ? [] : [{ rawValue: text }]);
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    },
  };
}

/**
 * jsqr is a CommonJS bundle whose exports object carries the function as `default`: a bundler's interop
 * hands the function itself as the namespace's `default`, Node's hands the exports object. Either way the
 * function is at most two `default`s deep.
 */
export function jsQrFromModule(mod: unknown): JsQrDecode {
  let value = mod;
  for (let i = 0; i < 3 && typeof value !== 'function'; i++)
    value = (value as { default?: unknown } | null)?.default;
  if (typeof value !== 'function') throw new Error('jsqr has no decoder export');
  return value as JsQrDecode;
}

// A separate chunk, fetched when a scanner first opens (never by the landing page).
const importJsQr = () => import('jsqr').then(jsQrFromModule);

/**
 * The QR detector for the scanner: the native BarcodeDetector when the browser has one, otherwise jsQR on
 * canvas frames. Null only when neither is usable (no native detector and jsQR's chunk could not be
 * loaded, e.g. the server went away after the page loaded); never rejects. `scope`, `loadJsQr` and
 * `readFrame` are for tests.
 */
export async function loadQrDetector({
  scope = globalThis,
  loadJsQr = importJsQr,
  readFrame,
}: {
  scope?: object;
  loadJsQr?: () => Promise<JsQrDecode>;
  readFrame?: FrameReader;
} = {}): Promise<BarcodeDetectorLike | null> {
  const native = nativeQrDetector(scope);
  if (native && (await supportsQr(scope))) return native;
  try {
    return jsQrDetector(await loadJsQr(), readFrame);
  } catch {
    return null;
  }
}

/**
 * A BarcodeDetector can exist on a platform whose decoder lacks QR codes: its getSupportedFormats() says
 * so, and then jsQR is used. Without that method (older builds, test doubles) QR is assumed.
 */
async function supportsQr(scope: object): Promise<boolean> {
  const Ctor = (scope as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (typeof Ctor?.getSupportedFormats !== 'function') return true;
  try {
    return (await Ctor.getSupportedFormats()).includes('qr_code');
  } catch {
    return true;
  }
}

/** The first non-empty scanned value as a recipient, or null. */
export function firstRecipient(codes: readonly DetectedBarcode[]): string | null {
  for (const c of codes) {
    const text = typeof c.rawValue === 'string' ? scannedRecipient(c.rawValue) : '';
    if (text) return text;
  }
  return null;
}

/** Stops every track of a camera stream. */
export function stopStream(stream: Pick<MediaStream, 'getTracks'> | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}
