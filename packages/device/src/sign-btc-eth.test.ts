import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from '@bitcoinerlab/secp256k1';
import {
  parseTransaction, recoverMessageAddress, recoverTransactionAddress, recoverTypedDataAddress, serializeTransaction,
  type Hex,
} from 'viem';
import { setup } from './test-helpers.js';
import type { SecuxDevice } from './secux-device.js';
import type { SecuxEmulator } from '@secux-companion/emulator';
import type { BtcInput } from './types.js';

bitcoin.initEccLib(ecc);
const ETH_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('BTC signing verified with bitcoinjs-lib', () => {
  let device: SecuxDevice;
  let emulator: SecuxEmulator;
  beforeAll(async () => {
    ({ device, emulator } = await setup());
  });
  afterAll(() => device.disconnect());

  async function prevout(path: string) {
    const pubkey = Buffer.from(await device.getPublicKey(path), 'hex');
    const purpose = Number(/^m\/(\d+)/.exec(path)?.[1]);
    switch (purpose) {
      case 84:
        return { pubkey, script: bitcoin.payments.p2wpkh({ pubkey }).output as Uint8Array };
      case 49:
        return {
          pubkey,
          script: bitcoin.payments.p2sh({ redeem: bitcoin.payments.p2wpkh({ pubkey }) }).output as Uint8Array,
        };
      case 86:
        return { pubkey, script: bitcoin.payments.p2tr({ internalPubkey: pubkey.subarray(1) }).output as Uint8Array };
      default:
        return { pubkey, script: bitcoin.payments.p2pkh({ pubkey }).output as Uint8Array };
    }
  }

  function verifyAll(rawTx: string, prev: Array<{ pubkey: Buffer; script: Uint8Array; value: number; purpose: number }>) {
    const tx = bitcoin.Transaction.fromHex(rawTx);
    expect(tx.ins.length).toBe(prev.length);
    prev.forEach((p, i) => {
      const input = tx.ins[i]!;
      const p2pkhScript = bitcoin.payments.p2pkh({ pubkey: p.pubkey }).output as Uint8Array;
      if (p.purpose === 86) {
        const w = input.witness[0]!;
        // 64 bytes (SIGHASH_DEFAULT) or 64 + explicit sighash byte
        const hashType = w.length === 65 ? (w[64] as number) : bitcoin.Transaction.SIGHASH_DEFAULT;
        const hash = tx.hashForWitnessV1(i, prev.map((x) => x.script), prev.map((x) => BigInt(x.value)), hashType);
        expect(ecc.verifySchnorr(hash, p.script.subarray(2), w.subarray(0, 64))).toBe(true);
        return;
      }
      let sigDer: Uint8Array;
      let hash: Uint8Array;
      if (p.purpose === 44) {
        const chunks = bitcoin.script.decompile(input.script)!;
        sigDer = chunks[0] as Uint8Array;
        expect(Buffer.from(chunks[1] as Uint8Array).equals(p.pubkey)).toBe(true);
        hash = tx.hashForSignature(i, p2pkhScript, bitcoin.Transaction.SIGHASH_ALL);
      } else {
        sigDer = input.witness[0]!;
        expect(Buffer.from(input.witness[1]!).equals(p.pubkey)).toBe(true);
        hash = tx.hashForWitnessV0(i, p2pkhScript, BigInt(p.value), bitcoin.Transaction.SIGHASH_ALL);
      }
      const { signature, hashType } = bitcoin.script.signature.decode(sigDer);
      expect(hashType).toBe(bitcoin.Transaction.SIGHASH_ALL);
      expect(ecc.verify(hash, p.pubkey, signature, true)).toBe(true);
    });
  }

  it('signs native segwit, nested segwit, legacy and taproot inputs in one transaction', async () => {
    const paths = ["m/84'/0'/0'/0/0", "m/49'/0'/0'/0/0", "m/86'/0'/0'/0/0", "m/44'/0'/0'/0/0"];
    const prev = [];
    const inputs: BtcInput[] = [];
    for (const [i, path] of paths.entries()) {
      const p = await prevout(path);
      const value = 100_000 + i;
      prev.push({ ...p, value, purpose: Number(/^m\/(\d+)/.exec(path)?.[1]) });
      inputs.push({ hash: `${'ab'.repeat(31)}0${i}`, vout: i, satoshis: value, path, publickey: p.pubkey.toString('hex') });
    }
    const { rawTx } = await device.signBtc(inputs, {
      to: { address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', satoshis: 150_000 },
      utxo: { path: "m/84'/0'/0'/1/0", satoshis: 240_000 },
    });
    verifyAll(rawTx, prev);
    const tx = bitcoin.Transaction.fromHex(rawTx);
    expect(bitcoin.address.fromOutputScript(tx.outs[0]!.script)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    // what the device showed
    const shown = emulator.screen.history.at(-1)!.prompt;
    expect(shown.kind).toBe('sign');
    expect(shown.lines).toContainEqual({ label: 'Recipient', value: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' });
    expect(shown.lines).toContainEqual({ label: 'Amount', value: '0.0015 BTC' });
  });

  it('signs a taproot-only transaction (Schnorr)', async () => {
    const path = "m/86'/0'/0'/0/1";
    const p = await prevout(path);
    const { rawTx } = await device.signBtc(
      [{ hash: 'cd'.repeat(32), vout: 0, satoshis: 50_000, path, publickey: p.pubkey.toString('hex') }],
      { to: { address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', satoshis: 40_000 } },
    );
    verifyAll(rawTx, [{ ...p, value: 50_000, purpose: 86 }]);
  });

  it('reports progress when several device signatures are needed', async () => {
    const path = "m/84'/0'/0'/0/3";
    const p = await prevout(path);
    const n = 30;
    const inputs: BtcInput[] = Array.from({ length: n }, (_, i) => ({
      hash: i.toString(16).padStart(64, '0'), vout: 0, satoshis: 10_000, path, publickey: p.pubkey.toString('hex'),
    }));
    const progress: Array<[number, number]> = [];
    const { rawTx } = await device.signBtc(
      inputs,
      { to: { address: '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf', satoshis: 250_000 } },
      { onProgress: (c, t) => progress.push([c, t]) },
    );
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual([progress.length, progress.length]);
    verifyAll(rawTx, inputs.map(() => ({ ...p, value: 10_000, purpose: 84 })));
  });
});

describe('ETH signing verified with viem', () => {
  let device: SecuxDevice;
  let emulator: SecuxEmulator;
  const path = "m/44'/60'/0'/0/0";
  beforeAll(async () => {
    ({ device, emulator } = await setup());
  });
  afterAll(() => device.disconnect());

  it('signs an EIP-1559 transaction', async () => {
    const unsigned = serializeTransaction({
      type: 'eip1559', chainId: 1, nonce: 7, maxPriorityFeePerGas: 1_000_000_000n, maxFeePerGas: 30_000_000_000n,
      gas: 21000n, to: '0x000000000000000000000000000000000000dEaD', value: 10n ** 16n,
    });
    const { rawTx } = await device.signEth(path, unsigned);
    expect(await recoverTransactionAddress({ serializedTransaction: rawTx as `0x02${string}` })).toBe(ETH_ADDRESS);
    const parsed = parseTransaction(rawTx as Hex);
    expect(parsed.value).toBe(10n ** 16n);
    const shown = emulator.screen.history.at(-1)!.prompt;
    expect(shown.lines).toContainEqual({ label: 'Amount', value: '0.01 ETH' });
    expect(shown.lines).toContainEqual({ label: 'Recipient', value: '0x000000000000000000000000000000000000dead' });
  });

  it('signs a legacy EIP-155 transaction (BSC chain id 56)', async () => {
    const unsigned = serializeTransaction({
      type: 'legacy', chainId: 56, nonce: 1, gasPrice: 5_000_000_000n, gas: 21000n,
      to: '0x000000000000000000000000000000000000dEaD', value: 1n,
    });
    const { rawTx } = await device.signEth(path, unsigned);
    expect(await recoverTransactionAddress({ serializedTransaction: rawTx as `0x02${string}` })).toBe(ETH_ADDRESS);
    expect(parseTransaction(rawTx as Hex).chainId).toBe(56);
  });

  it('signs an ERC-20 transfer and shows token, recipient and amount', async () => {
    const data = `0xa9059cbb${'0'.repeat(24)}${'11'.repeat(20)}${(1234n).toString(16).padStart(64, '0')}` as Hex;
    const unsigned = serializeTransaction({
      type: 'eip1559', chainId: 1, nonce: 8, maxPriorityFeePerGas: 1n, maxFeePerGas: 2n, gas: 60000n,
      to: '0xdAC17F958D2ee523a2206206994597C13D831ec7', value: 0n, data,
    });
    const { rawTx } = await device.signEth(path, unsigned);
    expect(await recoverTransactionAddress({ serializedTransaction: rawTx as `0x02${string}` })).toBe(ETH_ADDRESS);
    const lines = emulator.screen.history.at(-1)!.prompt.lines;
    expect(lines).toContainEqual({ label: 'Token', value: '0xdac17f958d2ee523a2206206994597c13d831ec7' });
    expect(lines).toContainEqual({ label: 'Recipient', value: `0x${'11'.repeat(20)}` });
  });

  it('signs a personal message', async () => {
    const signature = await device.signEthMessage(path, 'hello SecuX');
    expect(await recoverMessageAddress({ message: 'hello SecuX', signature: signature as Hex })).toBe(ETH_ADDRESS);
  });

  it('signs a text that starts with 0x as text, as every verifier reads it', async () => {
    const signature = await device.signEthMessage(path, '0xdead');
    expect(await recoverMessageAddress({ message: '0xdead', signature: signature as Hex })).toBe(ETH_ADDRESS);
  });

  it('signs EIP-712 typed data', async () => {
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' }, { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [{ name: 'from', type: 'string' }, { name: 'contents', type: 'string' }],
      } as const,
      primaryType: "Mail" as const,
      domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' as Hex },
      message: { from: 'Alice', contents: 'Hello, Bob!' },
    };
    const signature = await device.signEthTypedData(path, JSON.stringify(typedData));
    expect(
      await recoverTypedDataAddress({ ...typedData, domain: { ...typedData.domain, chainId: 1n }, signature: signature as Hex }),
    ).toBe(ETH_ADDRESS);
  });
});
