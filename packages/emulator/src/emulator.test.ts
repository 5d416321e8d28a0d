import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SecuxEmulator, VirtualScreen, configFromEnv, checkFirmwareImage, buildFirmwareImage, DEFAULT_MNEMONIC } from './index.js';
import { JsonFileStorage } from './node.js';

describe('VirtualScreen', () => {
  it('subscribe / approve / reject / queue / autoApprove', async () => {
    const screen = new VirtualScreen();
    const seen: Array<string | null> = [];
    const off = screen.subscribe((p) => seen.push(p ? p.kind : null));
    const a = screen.ask('sign', 'Sign', [{ label: 'Amount', value: '1 BTC' }]);
    expect(screen.current?.lines).toEqual([{ label: 'Amount', value: '1 BTC' }]);
    screen.approve();
    expect(await a).toBe('approve');
    const b = screen.ask('address', 'Verify', []);
    screen.reject();
    expect(await b).toBe('reject');
    screen.enqueue('reject', 'approve');
    expect(await screen.ask('sign', 'x', [])).toBe('reject');
    expect(await screen.ask('sign', 'x', [])).toBe('approve');
    screen.autoApprove = true;
    expect(await screen.ask('message', 'x', [])).toBe('approve');
    off();
    expect(seen).toEqual(['sign', null, 'address', null, 'sign', null, 'sign', null, 'message', null]);
    expect(screen.history.map((h) => h.decision)).toEqual(['approve', 'reject', 'reject', 'approve', 'approve']);
  });
});

describe('configFromEnv', () => {
  it('reads the WALLET_EMULATOR_* variables', () => {
    expect(
      configFromEnv({
        WALLET_EMULATOR_MNEMONIC: DEFAULT_MNEMONIC, WALLET_EMULATOR_MCU: '2.19.0', WALLET_EMULATOR_SE: '1.92.0',
        WALLET_EMULATOR_DEVICE_TYPE: 'c20', WALLET_EMULATOR_WALLET_STATUS: '98', WALLET_EMULATOR_BOOTLOADER: 'true',
      }),
    ).toEqual({
      mnemonic: DEFAULT_MNEMONIC, mcuVersion: '2.19.0', seVersion: '1.92.0', deviceType: 'C20', walletStatus: 98,
      startInBootloader: true,
    });
    expect(configFromEnv({})).toEqual({});
    expect(() => configFromEnv({ WALLET_EMULATOR_DEVICE_TYPE: 'X1' })).toThrow();
  });
});

describe('firmware image check', () => {
  it('accepts the SECUXFW1 layout of apps/server/README-firmware.md, rejects anything else', () => {
    const img = buildFirmwareImage('mcu', '2.31', new Uint8Array(100).fill(7));
    expect(img.length).toBe(164);
    expect(checkFirmwareImage(img)).toMatchObject({ ok: true, kind: 'mcu', version: '2.31' });
    expect(checkFirmwareImage(img, 'se')).toMatchObject({ ok: false });
    const bad = img.slice();
    bad[40] = (bad[40] ?? 0) ^ 1;
    expect(checkFirmwareImage(bad)).toMatchObject({ ok: false, reason: 'checksum mismatch' });
    expect(checkFirmwareImage(new Uint8Array(64))).toMatchObject({ ok: false });
  });
});

describe('raw protocol', () => {
  it('answers GET_VERSION with v1 framing: len, data, status 0x9000, cla, ins', async () => {
    const emu = new SecuxEmulator({ mcuVersion: '2.30.1' });
    const packets: Uint8Array[] = [];
    const link = emu.connect('usb', { onData: (p) => packets.push(p), onDisconnect: () => undefined });
    const frame = new Uint8Array(64);
    frame.set([0x70, 0x13, 0, 0, 0, 0]);
    link.write(frame);
    await new Promise((r) => setTimeout(r, 20));
    const rsp = packets[0]!;
    const len = rsp[0]! | (rsp[1]! << 8);
    expect((rsp[2 + len]! << 8) | rsp[3 + len]!).toBe(0x9000);
    expect([rsp[4 + len], rsp[5 + len]]).toEqual([0x70, 0x13]);
    expect(new TextDecoder().decode(rsp.subarray(2, 2 + len))).toContain('2.30.1');
    // unknown instruction
    frame.set([0x70, 0xee]);
    link.write(frame);
    await new Promise((r) => setTimeout(r, 20));
    const err = packets[1]!;
    expect((err[2]! << 8) | err[3]!).toBe(0x5003);
    link.close();
    expect(emu.state.connected).toBeNull();
  });
});

describe('JsonFileStorage', () => {
  it('persists the table atomically', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'emu-')), 'accounts.json');
    const s = new JsonFileStorage(file);
    expect(await s.load()).toEqual([]);
    const rec = { isToken: false, chainId: 0, path: [0x80000054, 0x80000000, 0x80000000] as [number, number, number], balance: '00', name: 'BTC0', contract: '', decimal: 8 };
    await s.save([rec]);
    expect(await new JsonFileStorage(file).load()).toEqual([rec]);
  });
});
