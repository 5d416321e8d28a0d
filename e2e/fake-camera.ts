/**
 * A camera for end-to-end tests: Chromium's fake capture device (--use-file-for-fake-video-capture) plays a
 * Y4M file in a loop; this writes one that films a QR code, so the app's scanner sees a real code through
 * getUserMedia as it would from a webcam.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';

/**
 * YUV4MPEG2 4:2:0 frames of a QR code of `text` centred on white: black modules (luma 0) with a 4-module
 * quiet zone, as large as fits the height. C420jpeg is full-range, so 0 and 255 are black and white;
 * chroma is 128 everywhere (grey). Identical frames: the fake device loops the file, and a still code is
 * all the scanner needs.
 */
export function qrY4m(text: string, { width = 640, height = 480, frames = 5 } = {}): Buffer {
  const { size, data: modules } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  const scale = Math.floor((Math.min(width, height) * 0.9) / (size + 2 * quiet));
  if (scale < 2) throw new Error(`a ${size}-module QR code does not fit ${width}x${height}`);
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y * size + x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + y * scale + dy) * width + left + x * scale;
        luma.fill(0, row, row + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128); // U then V
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** Writes the Y4M of `text` to a new temporary directory and returns its path. */
export function writeQrY4m(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'wallet-e2e-camera-')), 'qr.y4m');
  writeFileSync(file, qrY4m(text));
  return file;
}

/** Chromium switches for a camera that plays `y4mFile`, granted without a permission prompt. */
export function fakeCameraArgs(y4mFile: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${y4mFile}`,
  ];
}
