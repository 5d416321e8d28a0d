import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { verifySignature as xrplVerify, decode as xrplDecode } from 'xrpl';
import { Keypair, Networks, TransactionBuilder } from '@stellar/stellar-sdk';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { base58, base64 } from '@scure/base';
import { setup } from './test-helpers.js';
import type { SecuxDevice } from './secux-device.js';
import type { SecuxEmulator } from '@secux-companion/emulator';

describe('XRP, XLM, TRX, SOL, BNB, FIO signing', () => {
  let device: SecuxDevice;
  let emulator: SecuxEmulator;
  beforeAll(async () => {
    ({ device, emulator } = await setup());
  });
  afterAll(() => device.disconnect());

  it('XRP payment verifies with xrpl', async () => {
    const path = "m/44'/144'/0'/0/0";
    const pub = await device.getPublicKey(path);
    const { rawTx } = await device.signXrp(path, {
      TransactionType: 'Payment', Destination: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', Amount: '1000000',
      Fee: '12', Sequence: 3, LastLedgerSequence: 90_000_000, SigningPubKey: pub,
    });
    expect(xrplVerify(rawTx)).toBe(true);
    expect(xrplDecode(rawTx).Account).toBe('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3');
  });

  it('XLM payment verifies with @stellar/stellar-sdk (ed25519)', async () => {
    const path = "m/44'/148'/0'";
    const from = 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX';
    const { rawTx } = await device.signXlm(path, {
      from, to: 'GAIH3ULLFQ4DGSECF2AR555KZ4KNDGEKN4AFI4SU2M7B43MGK3QJZNSR', amount: '12.5', sequence: '1234', fee: '100',
    });
    const tx = TransactionBuilder.fromXDR(rawTx, Networks.PUBLIC);
    expect(tx.signatures).toHaveLength(1);
    expect(Keypair.fromPublicKey(from).verify(tx.hash(), tx.signatures[0]!.signature())).toBe(true);
  });

  it('TRX transfer: signature verifies over sha256(raw_data) with @noble/curves', async () => {
    const path = "m/44'/195'/0'/0/0";
    const pub = await device.getPublicKey(path);
    const { rawTx, signature } = await device.signTrx(path, {
      from: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', to: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', amount: 1_000_000,
      blockID: '0000000002b1a6d3c7d4d0a8f5b4b1ec4f1a8e7b9a7c5d3e1f2a3b4c5d6e7f80', blockNumber: 45197011,
      timestamp: 1_700_000_000_000,
    });
    expect(rawTx.length).toBeGreaterThan(100);
    const sig = Buffer.from(signature!, 'hex');
    const prepared = (await import('@secux/app-trx')).SecuxTRX.prepareSign(path, {
      from: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', to: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', amount: 1_000_000,
      blockID: '0000000002b1a6d3c7d4d0a8f5b4b1ec4f1a8e7b9a7c5d3e1f2a3b4c5d6e7f80', blockNumber: 45197011,
      timestamp: 1_700_000_000_000,
    } as never);
    const raw = Buffer.from(prepared.rawTx as Buffer);
    expect(rawTx).toContain(raw.toString('hex'));
    expect(secp256k1.verify(sig.subarray(0, 64), sha256(raw), Buffer.from(pub, 'hex'), { prehash: false })).toBe(true);
  });

  it('SOL transfer: ed25519 signature over the message verifies with @noble/curves', async () => {
    const from = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';
    const { rawTx } = await device.signSol(from, {
      recentBlockhash: '9sHcv6xwn9YkB8nxTUGKDwPwNnmqVp5oAXxU8Fdkm4J6',
      instructions: [{ type: 'transfer', params: { from, to: '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8', lamports: 1000 } }],
      ownerships: [{ path: "m/44'/501'/0'", account: from }],
    });
    const bytes = /^[0-9a-f]+$/i.test(rawTx) ? Buffer.from(rawTx, 'hex') : rawTx.includes('=') || /[+/]/.test(rawTx) ? base64.decode(rawTx) : base58.decode(rawTx);
    expect(bytes[0]).toBe(1);
    const sig = bytes.subarray(1, 65);
    const message = bytes.subarray(65);
    expect(ed25519.verify(sig, message, base58.decode(from))).toBe(true);
  });

  it('SOL message: the device shows the text; the base58 signature verifies over its UTF-8 bytes', async () => {
    const text = '0xcafe: sign in to example.com';
    const signature = await device.signSolMessage("m/44'/501'/0'", text);
    const owner = await device.getAddress("m/44'/501'/0'");
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode(text), base58.decode(owner))).toBe(true);
    expect(emulator.screen.history.at(-1)!.prompt.lines).toContainEqual({ label: 'Message', value: text });
  });

  it('BNB transfer: signature verifies over sha256(sign bytes)', async () => {
    const path = "m/44'/714'/0'/0/0";
    const pub = await device.getPublicKey(path);
    const content = { publickey: pub, to: 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2', amount: 1000, chainId: 'Binance-Chain-Tigris', accountNumber: 1, sequence: 2 };
    const { rawTx } = await device.signBnb(path, content);
    expect(rawTx.length).toBeGreaterThan(100);
    const { SecuxBNB } = await import('@secux/app-bnb');
    const { commandData } = SecuxBNB.prepareSign(path, structuredClone(content) as never);
    // sign bytes = the payload after the SDK's 1-path header
    const cmd = Buffer.from(commandData as Buffer);
    const payload = cmd.subarray(6, 6 + cmd.readUInt16LE(4));
    const headLen = payload[1]!;
    const signBytes = payload.subarray(2 + headLen + 2);
    const signature = await device.signBnb(path, content).then((r) => Buffer.from(r.signature!, 'hex'));
    expect(secp256k1.verify(signature, sha256(signBytes), Buffer.from(pub, 'hex'), { prehash: false })).toBe(true);
  });

  it('FIO: SIG_K1 signature over sha256(sigData) verifies and is canonical', async () => {
    const path = "m/44'/235'/0'/0/0";
    const address = await device.getAddress(path);
    expect(address).toMatch(/^FIO[1-9A-HJ-NP-Za-km-z]{50}$/);
    const pub = Buffer.from(await device.getPublicKey(path), 'hex');
    const sigData = Buffer.concat([Buffer.alloc(32, 7), Buffer.from('packed trx bytes'), Buffer.alloc(32)]);
    const sigK1 = await device.signFio(path, sigData.toString('hex'));
    expect(sigK1.startsWith('SIG_K1_')).toBe(true);
    const raw = base58.decode(sigK1.slice(7));
    const body = raw.subarray(0, 65);
    expect(Buffer.from(raw.subarray(65)).equals(Buffer.from(ripemd160(Buffer.concat([body, Buffer.from('K1')])).subarray(0, 4)))).toBe(true);
    const r = body.subarray(1, 33);
    expect(r[0]! & 0x80).toBe(0);
    expect(secp256k1.verify(body.subarray(1), sha256(sigData), pub, { prehash: false })).toBe(true);
    const last = emulator.screen.history.at(-1)!.prompt;
    expect(last.kind).toBe('sign');
  });
});
