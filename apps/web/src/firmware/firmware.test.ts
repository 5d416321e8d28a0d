import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  downloadMcuImage,
  downloadSeImage,
  HttpStatusError,
  safeHref,
  SE_IMAGE_FILES,
  seImageFiles,
} from './api';
import { bleBackStep, bleFirstStep } from './BleUpdateModal';
import { MCU_LAST_STEP, mcuFlowClosable } from './McuUpdateFlow';
import { updateTabsDisabled } from '../screens/Setting';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Bluetooth update instructions (spec 01 §4)', () => {
  it('opens at the options, a C20 at the mobile step', () => {
    expect(bleFirstStep('V20')).toBe('options');
    expect(bleFirstStep(null)).toBe('options');
    expect(bleFirstStep('C20')).toBe('mobile');
  });
  it('back goes btoff → usb, anything else → options', () => {
    expect(bleBackStep('btoff')).toBe('usb');
    expect(bleBackStep('usb')).toBe('options');
    expect(bleBackStep('mobile')).toBe('options');
  });
});

describe('MCU update flow', () => {
  it('hides the close button at the last step or when forced', () => {
    expect(mcuFlowClosable(0, false)).toBe(true);
    expect(mcuFlowClosable(1, false)).toBe(true);
    expect(mcuFlowClosable(MCU_LAST_STEP, false)).toBe(false);
    expect(mcuFlowClosable(0, true)).toBe(false);
  });
});

describe('settings', () => {
  it('update tabs are disabled on Android below 768 px only', () => {
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile';
    expect(updateTabsDisabled(android, true)).toBe(true);
    expect(updateTabsDisabled(android, false)).toBe(false);
    expect(updateTabsDisabled('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', true)).toBe(false);
  });
});

describe('firmware downloads', () => {
  it('SE: tries the 1.97 image, then falls back to 1.96', async () => {
    const names: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const { fileName } = JSON.parse(String(init.body)) as { fileName: string };
        names.push(fileName);
        return fileName.includes('1.97')
          ? new Response('gone', { status: 404 })
          : new Response(new Uint8Array([1, 2]));
      }),
    );
    const image = await downloadSeImage();
    expect(new Uint8Array(image)).toEqual(new Uint8Array([1, 2]));
    expect(names).toEqual([...SE_IMAGE_FILES]);
    expect(SE_IMAGE_FILES).toEqual(['se-1.97.bin', 'se-1.96.bin']);
  });

  it('SE: when both fail, the last HTTP error carries the spec text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('x', { status: 503 })),
    );
    const error = await downloadSeImage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as Error).message).toBe('HTTP error! status: 503');
  });

  it('SE: the image is chosen by the SE model and version, the host file for the device model first', () => {
    expect(seImageFiles({ seVersion: '1.90.0', hostFileName: 'se-V20-1.97.bin' })).toEqual([
      'se-V20-1.97.bin',
      'se-1.97.bin',
      'se-1.96.bin',
    ]);
    // An old S97 / S90 variant: its own images before the generic ones.
    expect(seImageFiles({ seVersion: 'S97.1.0', hostFileName: 'se-1.97.bin' })).toEqual([
      'se-1.97.bin',
      'se-S97-1.97.bin',
      'se-S97-1.96.bin',
      'se-1.96.bin',
    ]);
    expect(seImageFiles({ seVersion: 's90-1.2', hostFileName: null })).toEqual([
      'se-S90-1.97.bin',
      'se-S90-1.96.bin',
      'se-1.97.bin',
      'se-1.96.bin',
    ]);
    // A host answer that is not a plain file name is not sent back.
    expect(seImageFiles({ seVersion: '1.96', hostFileName: '../x' })).toEqual([...SE_IMAGE_FILES]);
  });

  it('MCU: the download names the device model (none while it is unknown)', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(new Uint8Array([7]));
      }),
    );
    await downloadMcuImage('V20');
    await downloadMcuImage('unknown');
    await downloadMcuImage(null);
    expect(urls).toEqual([
      '/api/firmware/downloadMcu?model=V20',
      '/api/firmware/downloadMcu',
      '/api/firmware/downloadMcu',
    ]);
  });

  it('server links: http(s) and same-site paths only', () => {
    expect(safeHref('https://secuxtech.com/')).toBe('https://secuxtech.com/');
    expect(safeHref('/banner/web.svg')).toBe('/banner/web.svg');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('//evil.example/x')).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });
});
