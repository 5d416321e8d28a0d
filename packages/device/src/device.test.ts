import { describe, expect, it } from 'vitest';
import { SecuxEmulator, MemoryStorage, buildFirmwareImage } from '@secux-companion/emulator';
import { connectEmulator } from './connect.js';
import { setup } from './test-helpers.js';
import { connectionFailureMessageKey, deviceErrorMessageKey, FEATURE_GATES } from '@secux-companion/core';
import { DataError, DisconnectedError, FirmwareTooOldError, TransferError, UserCancelError, WrongOtpError } from './errors.js';
import { coinRequirement, signRequirement } from './firmware-gates.js';

describe('versions, wallet info, SE mode', () => {
  it('reads versions trimmed to major.minor and the device type', async () => {
    const { device } = await setup({ mcuVersion: '2.24.3', seVersion: '1.97.1', deviceType: 'C20' });
    const v = await device.getVersion();
    expect(v).toMatchObject({ mcuVersion: '2.24', mcuVersionFull: '2.24.3', seVersion: '1.97.1', model: 'C20', bootloader: false });
    const w = await device.getWalletInfo();
    expect(w).toMatchObject({ walletStatus: 34, deviceType: 'C20', ready: true });
    expect(await device.getSEMode()).toMatchObject({ mode: 2, bootloader: false });
    await device.disconnect();
  });

  it('reports a hidden wallet (98) as ready and a logged-out one as not ready', async () => {
    const a = await setup({ walletStatus: 98 });
    expect((await a.device.getWalletInfo()).ready).toBe(true);
    const b = await setup({ walletStatus: 1 });
    expect(await b.device.getWalletInfo()).toMatchObject({ walletStatus: 1, ready: false });
  });

  it('throws FirmwareTooOldError with the required versions', async () => {
    const { device } = await setup({ mcuVersion: '2.18.0' });
    const e = await device.getAddress("m/84'/0'/0'/0/0").catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FirmwareTooOldError);
    expect((e as FirmwareTooOldError).required).toEqual({ mcu: '2.19', se: '1.92' });
  });

  it('checks the firmware gates before signing SOL, XRP and BNB, as for the other chains', async () => {
    // SOL needs MCU 2.23 and SE 1.94 (spec 01 §5): an older device refuses before anything is sent.
    const old = await setup({ mcuVersion: '2.22.0', seVersion: '1.93.0' });
    const from = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';
    const sol = await old.device
      .signSol(from, {
        recentBlockhash: '9sHcv6xwn9YkB8nxTUGKDwPwNnmqVp5oAXxU8Fdkm4J6',
        instructions: [{ type: 'transfer', params: { from, to: from, lamports: 1 } }],
        ownerships: [{ path: "m/44'/501'/0'", account: from }],
      })
      .catch((x: unknown) => x);
    expect(sol).toBeInstanceOf(FirmwareTooOldError);
    expect((sol as FirmwareTooOldError).required).toEqual({ mcu: '2.23', se: '1.94' });
    await old.device.disconnect();

    // Below the send gate (2.9) XRP and BNB are refused with core's gate.
    const older = await setup({ mcuVersion: '2.8.0' });
    const xrp = await older.device
      .signXrp("m/44'/144'/0'/0/0", { TransactionType: 'Payment', Amount: '1', Fee: '12', Sequence: 1 })
      .catch((x: unknown) => x);
    expect(xrp).toBeInstanceOf(FirmwareTooOldError);
    const bnb = await older.device.signBnb("m/44'/714'/0'/0/0", {}).catch((x: unknown) => x);
    expect(bnb).toBeInstanceOf(FirmwareTooOldError);
    expect((bnb as FirmwareTooOldError).required).toEqual({ mcu: '2.9' });
    await older.device.disconnect();
  });

  it('failures name the message the app shows: wrong OTP, USB connection, a device that stops answering, old firmware', async () => {
    const emulator = new SecuxEmulator({ otp: () => '123456' });
    const wrong = await connectEmulator(emulator, { via: 'ble', onOtpRequest: async () => '000000' }).catch((x: unknown) => x);
    expect(wrong).toBeInstanceOf(WrongOtpError);
    expect(wrong).toBeInstanceOf(DisconnectedError);
    expect(connectionFailureMessageKey(wrong)).toBe('wrongOtp');
    expect(connectionFailureMessageKey(new TransferError('timeout'))).toBe('unexpectedPowerOff');
    const { device } = await setup({ mcuVersion: '2.18.0' });
    const old = await device.getAddress("m/84'/0'/0'/0/0").catch((x: unknown) => x);
    expect(deviceErrorMessageKey(old)).toBe('firmwareUpdateRequired');
    await device.disconnect();
  });

  it("a coin's requirement includes BNB's own gate (core FEATURE_GATES.bnb)", () => {
    expect(coinRequirement(714)).toEqual({ mcu: FEATURE_GATES.bnb.mcu });
    expect(signRequirement(501)).toEqual({ mcu: '2.23', se: '1.94' });
    expect(signRequirement(144)).toEqual({ mcu: FEATURE_GATES.send.mcu });
  });
});

describe('account and token table', () => {
  it('writes, reads, updates and deletes accounts and tokens', async () => {
    const { device, emulator } = await setup();
    await device.setAccount({ name: 'BTC0', path: "m/84'/0'/0'", balance: '12345', symbol: 'BTC', decimal: 8 });
    await device.setAccount({ name: 'BSC', path: "m/44'/60'/0'", balance: '0', symbol: 'BNB', decimal: 18, chainId: 56 });
    await device.setToken({
      name: 'USDT', path: "m/44'/60'/0'", balance: '5000000', symbol: 'USDT', decimal: 6, chainId: 1,
      contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    });
    await device.setAccount({ name: 'BTC0', path: "m/84'/0'/0'", balance: '99', symbol: 'BTC', decimal: 8 });
    const accounts = await device.getAccounts();
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toMatchObject({ name: 'BTC0', path: "m/84'/0'/0'", balance: '99', chainId: 0 });
    expect(accounts[1]).toMatchObject({ name: 'BSC', chainId: 56 });
    expect(typeof accounts[1]!.chainId).toBe('number');
    const tokens = await device.getTokens(60);
    expect(tokens).toEqual([
      expect.objectContaining({ contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', balance: '5000000', chainId: 1 }),
    ]);
    await device.deleteToken("m/44'/60'/0'", '0xdAC17F958D2ee523a2206206994597C13D831ec7', 1);
    await device.deleteAccount("m/44'/60'/0'", 56);
    expect(await device.readTable()).toHaveLength(1);
    expect(await emulator.accounts()).toHaveLength(1);
    await expect(device.deleteAccount("m/44'/2'/0'")).rejects.toBeInstanceOf(DataError);
  });

  it('a disconnect while writing accounts leaves the table consistent', async () => {
    const storage = new MemoryStorage();
    const emulator = new SecuxEmulator({ autoApprove: true, storage });
    const device = await connectEmulator(emulator);
    let setCommands = 0;
    emulator.tap((dir, p) => {
      // first packet of the third SET_ACCOUNT frame: unplug before the rest arrives
      if (dir === 'in' && p[0] === 0x70 && p[1] === 0x82 && ++setCommands === 3) emulator.disconnect('cable pulled');
    });
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(
        await device
          .setAccount({ name: `LTC${i}`, path: `m/49'/2'/${i}'`, balance: '1000', symbol: 'LTC', decimal: 8 })
          .then(() => 'ok', (e: unknown) => e),
      );
    }
    expect(results.slice(0, 2)).toEqual(['ok', 'ok']);
    expect(results[2]).toBeInstanceOf(DisconnectedError);
    expect(results[4]).toBeInstanceOf(DisconnectedError);
    const stored = await storage.load();
    expect(stored.map((r) => r.name)).toEqual(['LTC0', 'LTC1']);
    // reconnect: the device reads back exactly the complete records
    const again = await connectEmulator(emulator);
    expect((await again.readTable()).map((a) => a.name)).toEqual(['LTC0', 'LTC1']);
  });
});

describe('virtual screen approval', () => {
  it('reject answers USER_CANCEL (0x9001) and changes nothing', async () => {
    const emulator = new SecuxEmulator();
    const device = await connectEmulator(emulator);
    const prompt = emulator.screen.waitForPrompt('address');
    const shown = device.showAddress("m/44'/60'/0'/0/0");
    expect((await prompt).lines[0]).toEqual({ label: 'Address', value: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' });
    emulator.screen.reject();
    const e = await shown.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UserCancelError);
    expect((e as Error).message).toContain('[SecuX device] USER_CANCEL (0x9001)');
    expect(device.connected).toBe(true);
    // programmatic queue: reject a signature, nothing is returned and the device still works
    emulator.screen.enqueue('reject');
    await expect(device.signEthMessage("m/44'/60'/0'/0/0", 'x')).rejects.toBeInstanceOf(UserCancelError);
    emulator.screen.enqueue('approve');
    await expect(device.signEthMessage("m/44'/60'/0'/0/0", 'x')).resolves.toMatch(/^0x[0-9a-f]{130}$/);
    expect(await emulator.accounts()).toEqual([]);
  });

  it('a second device action waits for the first', async () => {
    const emulator = new SecuxEmulator();
    const device = await connectEmulator(emulator);
    const order: string[] = [];
    const first = device.showAddress("m/84'/0'/0'/0/0").then(() => order.push('show'));
    const second = device.getVersion().then(() => order.push('version'));
    await emulator.screen.waitForPrompt('address');
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual([]);
    expect(device.busy).toBe(true);
    emulator.screen.approve();
    await Promise.all([first, second]);
    expect(order).toEqual(['show', 'version']);
  });
});

describe('Bluetooth OTP', () => {
  it('pairs with the OTP shown on the device screen', async () => {
    const emulator = new SecuxEmulator({ autoApprove: true });
    const device = await connectEmulator(emulator, {
      via: 'ble',
      onOtpRequest: async () => (await emulator.screen.waitForPrompt('otp')).lines[0]!.value,
    });
    expect(device.kind).toBe('emulator-ble');
    expect((await device.getVersion()).mcuVersion).toBe('2.30');
  });

  it('a wrong OTP disconnects', async () => {
    const emulator = new SecuxEmulator({ otp: () => '123456' });
    const e = await connectEmulator(emulator, { via: 'ble', onOtpRequest: async () => '000000' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DisconnectedError);
    expect(emulator.state.connected).toBeNull();
  });
});

describe('firmware update', () => {
  it('MCU: enter bootloader, reconnect, update with a checked image', async () => {
    const emulator = new SecuxEmulator({ autoApprove: true });
    const device = await connectEmulator(emulator);
    const gone = new Promise((r) => device.on('disconnect', r));
    await device.enterMcuBootloader();
    await gone;
    const boot = await connectEmulator(emulator);
    expect((await boot.getVersion()).bootloader).toBe(true);
    const progress: number[] = [];
    const image = buildFirmwareImage('mcu', '2.31', new Uint8Array(16384).fill(1));
    await boot.updateMcu(image, (p) => progress.push(p));
    expect(progress.at(-1)).toBe(100);
    await new Promise((r) => setTimeout(r, 50));
    expect(emulator.state.mcuBootloader).toBe(false);
    const after = await connectEmulator(emulator);
    expect((await after.getVersion()).mcuVersion).toBe('2.31');
  });

  it('MCU: a corrupted image is refused', async () => {
    const emulator = new SecuxEmulator({ startInBootloader: true });
    const boot = await connectEmulator(emulator);
    const image = buildFirmwareImage('mcu', '2.31', 'payload');
    image[10] = (image[10] ?? 0) ^ 0xff;
    await expect(boot.updateMcu(image)).rejects.toBeInstanceOf(DataError);
    expect(emulator.state.mcuBootloader).toBe(true);
  });

  it('SE: enter SE bootloader and update with a checked image', async () => {
    const emulator = new SecuxEmulator({ seVersion: '1.96.0' });
    const device = await connectEmulator(emulator);
    await device.enterSeBootloader();
    expect(await device.getSEMode()).toMatchObject({ bootloader: true });
    await expect(device.getWalletInfo()).rejects.toBeInstanceOf(DataError);
    await expect(device.updateSe(buildFirmwareImage('mcu', '1.98', 'wrong kind'))).rejects.toBeInstanceOf(DataError);
    const bad = buildFirmwareImage('se', '1.98', 'se');
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 1;
    await expect(device.updateSe(bad)).rejects.toBeInstanceOf(DataError);
    const progress: number[] = [];
    await device.updateSe(buildFirmwareImage('se', '1.98', new Uint8Array(4096).fill(2)), (p) => progress.push(p));
    expect(progress.at(-1)).toBe(100);
    expect((await device.getVersion()).seVersion).toBe('1.98');
    expect((await device.getSEMode()).bootloader).toBe(false);
  });

  it('the firmware state survives a new emulator instance on the same storage (a page reload)', async () => {
    const storage = new MemoryStorage();
    const first = new SecuxEmulator({ startInBootloader: true, mcuVersion: '2.24.0', storage });
    await first.restoreFirmware();
    const boot = await connectEmulator(first);
    const gone = new Promise((r) => boot.on('disconnect', r));
    await boot.updateMcu(buildFirmwareImage('mcu', '2.31', new Uint8Array(8192).fill(3)));
    await gone;
    await first.settled();

    const second = new SecuxEmulator({ startInBootloader: true, mcuVersion: '2.24.0', storage });
    await second.restoreFirmware();
    expect(second.state).toMatchObject({ mcuBootloader: false, mcuVersion: '2.31' });
    const device = await connectEmulator(second);
    expect((await device.getVersion()).mcuVersion).toBe('2.31');
    await device.enterSeBootloader();
    await second.settled();

    const third = new SecuxEmulator({ storage });
    await third.restoreFirmware();
    expect(third.state).toMatchObject({ seBootloader: true, mcuVersion: '2.31' });
    // Without restoreFirmware() an instance keeps its configuration (the previous behaviour).
    expect(new SecuxEmulator({ storage }).state.mcuVersion).toBe('2.30.1');
  });
});

describe('reads reused on one connection', () => {
  /** Counts the packets the host sends the emulator. */
  function countCommands(emulator: SecuxEmulator) {
    const seen = { frames: 0 };
    emulator.tap((dir) => {
      if (dir === 'in') seen.frames++;
    });
    return seen;
  }

  it('reads the account table once for every coin that asks, and again after a write', async () => {
    const { device, emulator } = await setup();
    for (let i = 0; i < 3; i++)
      await device.setAccount({ name: `BTC${i}`, path: `m/84'/0'/${i}'`, balance: '1', symbol: 'BTC', decimal: 8 });
    const seen = countCommands(emulator);
    expect(await device.getAccounts(0)).toHaveLength(3);
    const oneRead = seen.frames;
    expect(oneRead).toBeGreaterThanOrEqual(4); // the size, then each entry (a packet or more each)
    await device.getAccounts(60);
    await device.getTokens(0);
    await device.readTable();
    expect(seen.frames).toBe(oneRead);

    // A write drops the read: the next one sees the new entry.
    await device.deleteAccount("m/84'/0'/2'");
    expect((await device.getAccounts(0)).map((a) => a.name)).toEqual(['BTC0', 'BTC1']);
    // A read handed out is the caller's: changing it changes nothing for the next caller.
    (await device.readTable())[0]!.name = 'changed';
    expect((await device.readTable())[0]!.name).toBe('BTC0');
    await device.disconnect();
  });

  it('reads an address or key once per connection; a new connection reads again', async () => {
    const { device, emulator } = await setup();
    const seen = countCommands(emulator);
    const path = "m/44'/60'/0'/0/0";
    const [a, b] = await Promise.all([device.getAddress(path), device.getAddress(path)]);
    expect(a).toBe(b);
    const first = seen.frames;
    expect(first).toBeGreaterThan(0);
    await device.getAddress(path);
    await device.getXPublicKey("m/84'/0'/0'");
    const withXpub = seen.frames;
    expect(withXpub).toBeGreaterThan(first);
    await device.getXPublicKey("m/84'/0'/0'");
    expect(seen.frames).toBe(withXpub);
    await device.disconnect();
    await expect(device.getAddress(path)).rejects.toBeInstanceOf(DisconnectedError);
    const again = await connectEmulator(emulator);
    await again.getAddress(path);
    expect(seen.frames).toBeGreaterThan(withXpub);
  });
});
