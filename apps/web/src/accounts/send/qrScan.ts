/** QR scanner helpers for the recipient field (spec 01 §2, §4): scanned text → recipient. */
import { stripScheme } from '@secux-companion/core';

/** A QR scan takes the part after the first colon ('bitcoin:bc1q…' → 'bc1q…'), trimmed. */
export function scannedRecipient(raw: string): string {
  return stripScheme(raw.trim()).trim();
}

export interface DetectedBarcode {
  rawValue: string;
}
export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (opts?: { formats?: string[] }) => BarcodeDetectorLike;

/** The browser's BarcodeDetector (Chromium) for QR codes, or null when the browser has none. */
export function createQrDetector(scope: object = globalThis): BarcodeDetectorLike | null {
  const Ctor = (scope as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (typeof Ctor !== 'function') return null;
  try {
    return new Ctor({ formats: ['qr_code'] });
  } catch {
    return null;
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
