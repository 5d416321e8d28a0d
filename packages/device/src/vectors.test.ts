import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { setup } from './test-helpers.js';
import type { SecuxDevice } from './secux-device.js';
import type { SecuxEmulator } from '@secux-companion/emulator';

// /work/shared/reference/vectors.md
const VECTORS: Array<[string, string]> = [
  ["m/84'/0'/0'/0/0", 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
  ["m/49'/0'/0'/0/0", '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf'],
  ["m/86'/0'/0'/0/0", 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'],
  ["m/44'/0'/0'/0/0", '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA'],
  ["m/44'/60'/0'/0/0", '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
  ["m/44'/144'/0'/0/0", 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3'],
  ["m/44'/195'/0'/0/0", 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'],
  ["m/44'/148'/0'", 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX'],
  ["m/44'/501'/0'", 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL'],
];
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('reference vectors through the SDK encoders and the emulator', () => {
  let device: SecuxDevice;
  let emulator: SecuxEmulator;
  beforeAll(async () => {
    ({ device, emulator } = await setup());
  });
  afterAll(() => device.disconnect());

  for (const [path, address] of VECTORS) {
    it(`derives ${path}`, async () => {
      expect(await device.getAddress(path)).toBe(address);
    });
  }

  it('derives the BIP-84 account zpub', async () => {
    expect(await device.getXPublicKey("m/84'/0'/0'")).toBe(ZPUB);
  });

  it('shows on the virtual screen the same address the SDK derives', async () => {
    for (const [path, address] of VECTORS) {
      await device.showAddress(path);
      const last = emulator.screen.history.at(-1);
      expect(last?.prompt.kind).toBe('address');
      expect(last?.prompt.lines[0]?.value).toBe(address);
    }
  });
});
