import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { setup } from './test-helpers.js';
import type { SecuxDevice } from './secux-device.js';
import type { PromptLine, SecuxEmulator } from '@secux-companion/emulator';
import type { BtcInput } from './types.js';

/** What the virtual screen showed for the last signing request, through the real SDK encoders. */
describe('sign prompts show recipient, amount, fee, token and memo', () => {
  let device: SecuxDevice;
  let emulator: SecuxEmulator;
  beforeAll(async () => {
    ({ device, emulator } = await setup());
  });
  afterAll(() => device.disconnect());

  const lastLines = (): PromptLine[] => {
    const last = emulator.screen.history.at(-1)!.prompt;
    expect(last.kind).toBe('sign');
    return last.lines;
  };
  const value = (lines: PromptLine[], label: string) => lines.filter((l) => l.label === label).map((l) => l.value);

  it('XRP payment: recipient, amount in XRP, fee, destination tag, memo', async () => {
    const path = "m/44'/144'/0'/0/0";
    const pub = await device.getPublicKey(path);
    await device.signXrp(path, {
      TransactionType: 'Payment', Destination: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', Amount: '1500000', Fee: '12',
      Sequence: 3, LastLedgerSequence: 90_000_000, SigningPubKey: pub, DestinationTag: 42,
      Memos: [{ Memo: { MemoData: Buffer.from('invoice 7').toString('hex').toUpperCase() } }],
    });
    const lines = lastLines();
    expect(value(lines, 'Recipient')).toEqual(['rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe']);
    expect(value(lines, 'Amount')).toEqual(['1.5 XRP']);
    expect(value(lines, 'Fee')).toEqual(['0.000012 XRP']);
    expect(value(lines, 'Destination tag')).toEqual(['42']);
    expect(value(lines, 'Memo')).toEqual(['invoice 7']);
    expect(value(lines, 'From')).toEqual(['rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3']);
  });

  it('XLM payment: recipient, amount in XLM, fee, memo, network', async () => {
    await device.signXlm("m/44'/148'/0'", {
      from: 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX',
      to: 'GAIH3ULLFQ4DGSECF2AR555KZ4KNDGEKN4AFI4SU2M7B43MGK3QJZNSR', amount: '12.5', sequence: '1234', fee: '100',
      memo: { Type: 'text', Value: 'rent' },
    });
    const lines = lastLines();
    expect(value(lines, 'Recipient')).toEqual(['GAIH3ULLFQ4DGSECF2AR555KZ4KNDGEKN4AFI4SU2M7B43MGK3QJZNSR']);
    expect(value(lines, 'Amount')).toEqual(['12.5 XLM']);
    expect(value(lines, 'Fee')).toEqual(['0.00001 XLM']);
    expect(value(lines, 'Memo')).toEqual(['rent']);
    expect(value(lines, 'Network')).toEqual(['Public']);
  });

  const trxBase = {
    from: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', blockID: '0000000002b1a6d3c7d4d0a8f5b4b1ec4f1a8e7b9a7c5d3e1f2a3b4c5d6e7f80',
    blockNumber: 45197011, timestamp: 1_700_000_000_000,
  };

  it('TRX transfer: recipient and amount in TRX', async () => {
    await device.signTrx("m/44'/195'/0'/0/0", { ...trxBase, to: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', amount: 2_500_000 });
    const lines = lastLines();
    expect(value(lines, 'Recipient')).toEqual(['TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf']);
    expect(value(lines, 'Amount')).toEqual(['2.5 TRX']);
    expect(value(lines, 'From')).toEqual(['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH']);
  });

  it('TRC-20 transfer: token contract, recipient, token amount, fee limit', async () => {
    await device.signTrx("m/44'/195'/0'/0/0", {
      ...trxBase, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', to: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', amount: 1_000_000,
      feeLimit: 10_000_000,
    });
    const lines = lastLines();
    expect(value(lines, 'Token')).toEqual(['TRC-20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t']);
    expect(value(lines, 'Recipient')).toEqual(['TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf']);
    expect(value(lines, 'Amount')).toEqual(['1000000 (token units)']);
    expect(value(lines, 'Fee limit')).toEqual(['10 TRX']);
  });

  const solFrom = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';
  const blockhash = '9sHcv6xwn9YkB8nxTUGKDwPwNnmqVp5oAXxU8Fdkm4J6';

  it('SOL transfer: fee payer, recipient, amount in SOL, fee with priority fee', async () => {
    await device.signSol(solFrom, {
      recentBlockhash: blockhash,
      instructions: [
        { type: 'setComputeUnitLimit', params: { units: 300_000 } },
        { type: 'setComputeUnitPrice', params: { microLamports: 10_000 } },
        { type: 'transfer', params: { from: solFrom, to: '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8', lamports: 1_234_000_000 } },
      ],
      ownerships: [{ path: "m/44'/501'/0'", account: solFrom }],
    });
    const lines = lastLines();
    expect(value(lines, 'Fee payer')).toEqual([solFrom]);
    expect(value(lines, 'Recipient')).toEqual(['2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8']);
    expect(value(lines, 'Amount')).toEqual(['1.234 SOL']);
    // 5000 lamports per signature + 300k units × 0.01 lamport
    expect(value(lines, 'Fee')).toEqual(['0.000008 SOL']);
  });

  it('SOL token transfer (checked): mint, destination token account, amount with decimals', async () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const dest = '3ZyqHBz6rgJNbqdYGmeTuyVf2DvyAMRbMzrx1DuMnf9w';
    await device.signSol(solFrom, {
      recentBlockhash: blockhash,
      instructions: [
        {
          type: 'tokenTransferChecked',
          params: { from: '5ZWj7a1f8tWkjBESHKgrLmXshuXxqeY9SYcfbshpAqPG', to: dest, owner: solFrom, amount: 2_500_000, mint, decimal: 6 },
        },
      ],
      ownerships: [{ path: "m/44'/501'/0'", account: solFrom }],
    });
    const lines = lastLines();
    expect(value(lines, 'Token')).toEqual([mint]);
    expect(value(lines, 'Recipient')).toEqual([`${dest} (token account)`]);
    expect(value(lines, 'Amount')).toEqual(['2.5 (token)']);
    expect(value(lines, 'Fee')).toEqual(['0.000005 SOL']);
  });

  it('BNB transfer: recipient, amount in BNB, memo', async () => {
    const path = "m/44'/714'/0'/0/0";
    const pub = await device.getPublicKey(path);
    await device.signBnb(path, {
      publickey: pub, to: 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2', amount: 150_000_000, chainId: 'Binance-Chain-Tigris',
      accountNumber: 1, sequence: 2, memo: '104857',
    });
    const lines = lastLines();
    expect(value(lines, 'Recipient')).toEqual(['bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2']);
    expect(value(lines, 'Amount')).toEqual(['1.5 BNB']);
    expect(value(lines, 'Memo')).toEqual(['104857']);
  });

  async function btcInput(path: string, value: number, index: number): Promise<BtcInput> {
    const publickey = await device.getPublicKey(path);
    return { hash: Buffer.alloc(32, index + 1).toString('hex'), vout: index, satoshis: value, path, publickey };
  }

  it('BTC segwit: recipient, amount and fee = inputs − outputs', async () => {
    const inputs = [await btcInput("m/84'/0'/0'/0/0", 100_000, 0), await btcInput("m/84'/0'/0'/0/1", 50_000, 1)];
    await device.signBtc(inputs, {
      to: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', satoshis: 120_000 },
      utxo: { path: "m/84'/0'/0'/1/0", satoshis: 29_000 },
    });
    const lines = lastLines();
    expect(value(lines, 'Recipient')).toEqual(['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']);
    expect(value(lines, 'Amount')).toEqual(['0.0012 BTC']);
    expect(value(lines, 'Fee')).toEqual(['0.00001 BTC']);
  });

  it('BTC signed in several requests: no request claims a fee from part of the inputs', async () => {
    const inputs = await Promise.all(Array.from({ length: 30 }, (_, i) => btcInput("m/84'/0'/0'/0/3", 10_000, i)));
    const before = emulator.screen.history.length;
    await device.signBtc(inputs, { to: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', satoshis: 250_000 } });
    const prompts = emulator.screen.history.slice(before).map((h) => h.prompt);
    expect(prompts.length).toBeGreaterThan(1);
    for (const p of prompts) {
      expect(value(p.lines, 'Amount')).toEqual(['0.0025 BTC']);
      expect(value(p.lines, 'Fee')[0]).toMatch(/^unknown \(this request signs \d+ inputs of a larger transaction\)$/);
    }
  });

  it('BTC Taproot (SDK signs with ALL|ANYONECANPAY, so the input amount is in the preimage): fee shown', async () => {
    await device.signBtc([await btcInput("m/86'/0'/0'/0/0", 100_000, 0)], {
      to: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', satoshis: 90_000 },
    });
    const lines = lastLines();
    expect(value(lines, 'Recipient')).toEqual(['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']);
    expect(value(lines, 'Amount')).toEqual(['0.0009 BTC']);
    expect(value(lines, 'Fee')).toEqual(['0.0001 BTC']);
  });

  it('BTC legacy: recipient and amount from the preimage; fee marked unknown (no input amounts are sent)', async () => {
    await device.signBtc([await btcInput("m/44'/0'/0'/0/0", 100_000, 0)], {
      to: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', satoshis: 90_000 },
    });
    const lines = lastLines();
    expect(value(lines, 'Recipient')).toEqual(['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']);
    expect(value(lines, 'Amount')).toEqual(['0.0009 BTC']);
    expect(value(lines, 'Fee')).toEqual(['unknown (input amounts are not sent for legacy inputs)']);
    expect(value(lines, 'Total sent')).toEqual(['0.0009 BTC']);
  });
});
