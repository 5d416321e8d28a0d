/* eslint-disable @typescript-eslint/no-explicit-any -- raw node JSON and tronweb protobuf objects */
/**
 * Fidelity (issue 28): every rejection class a wallet can provoke on TRON gets java-tron's answer to
 * /wallet/broadcasthex — HTTP 200, `result: false`, the response code and Wallet.broadcastTransaction's text (hex) — in
 * java-tron's order (expiration against the next slot, signature, TaPoS, expiration window, duplicate, bandwidth,
 * contract), and a refused transaction changes nothing: no balance, no bandwidth, no token, no record.
 */
import { SigningKey, pkToAddress, sha256, txJsonToPb, toHex } from 'tronweb/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TRC20, TronSimulator } from './simulator.js';

const KEY_A = '0x' + '41'.repeat(32);
const KEY_B = '0x' + '42'.repeat(32);
const KEY_POOR = '0x' + '43'.repeat(32);
const KEY_GHOST = '0x' + '44'.repeat(32);
const A = pkToAddress(KEY_A.slice(2));
const B = pkToAddress(KEY_B.slice(2));
const POOR = pkToAddress(KEY_POOR.slice(2));
const GHOST = pkToAddress(KEY_GHOST.slice(2));
const NEW = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const h = (a: string) => toHex(a).toLowerCase();

let sim: TronSimulator;
let url: string;
beforeAll(async () => {
  sim = new TronSimulator({
    accounts: [
      { address: A, balance: 100_000_000n, trc20: 1_000n, trc10: 10n },
      { address: B, balance: 5_000_000n },
      { address: POOR, balance: 100n },
    ],
  });
  url = await sim.start();
});
afterAll(() => sim.stop());

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const r = await fetch(`${url}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}
const text = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

interface Send {
  owner?: string;
  key?: string;
  type?: 'TransferContract' | 'TransferAssetContract' | 'TriggerSmartContract';
  value?: Record<string, unknown>;
  feeLimit?: number;
  refHash?: string;
  expiration?: (headTimestamp: number) => number;
}
async function signed(s: Send = {}): Promise<{ hex: string; txID: string }> {
  const block = (await post('/wallet/getnowblock', {})).body as {
    blockID: string;
    block_header: { raw_data: { number: number; timestamp: number } };
  };
  const ts = block.block_header.raw_data.timestamp;
  const type = s.type ?? 'TransferContract';
  const pb = txJsonToPb({
    visible: false,
    raw_data: {
      contract: [
        {
          type,
          parameter: {
            value: { owner_address: h(s.owner ?? A), ...(s.value ?? { to_address: h(B), amount: 1_000 }) },
            type_url: `type.googleapis.com/protocol.${type}`,
          },
        },
      ],
      ref_block_bytes: (block.block_header.raw_data.number & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: s.refHash ?? block.blockID.slice(16, 32),
      expiration: s.expiration ? s.expiration(ts) : ts + 60_000,
      timestamp: Date.now(),
      ...(s.feeLimit ? { fee_limit: s.feeLimit } : {}),
    },
  }) as any;
  const raw: Uint8Array = pb.getRawData().serializeBinary();
  const txID = sha256(raw).slice(2);
  const sig = new SigningKey(s.key ?? KEY_A).sign(sha256(raw));
  pb.addSignature(
    Buffer.from(`${sig.r.slice(2)}${sig.s.slice(2)}${(sig.v - 27).toString(16).padStart(2, '0')}`, 'hex'),
  );
  return { hex: Buffer.from(pb.serializeBinary()).toString('hex'), txID };
}
const broadcast = (hex: string) => post('/wallet/broadcasthex', { transaction: hex });

/** Everything a refused transaction must leave as it was. */
function snapshot(): unknown {
  return {
    accounts: [...sim.accounts].map(([k, a]) => [k, { ...a, assets: [...a.assets] }]),
    trc20: [...sim.trc20],
    state: sim.control('GET', 'state', ''),
  };
}

/** Broadcasts; expects HTTP 200, result false, java-tron's code and text, nothing changed. */
async function refused(hex: string, code: string, message: string | RegExp): Promise<void> {
  const before = snapshot();
  const { status, body } = await broadcast(hex);
  expect(status).toBe(200);
  expect(body).toMatchObject({ result: false, code });
  if (typeof message === 'string') expect(text(body.message as string)).toBe(message);
  else expect(text(body.message as string)).toMatch(message);
  expect(snapshot()).toEqual(before);
}

describe('fidelity: java-tron’s answers to refused broadcasts', () => {
  it('wrong key: SIGERROR with checkWeight’s text, before TaPoS', async () => {
    const { hex, txID } = await signed({ key: KEY_B });
    await refused(
      hex,
      'SIGERROR',
      `validate signature error: ${txID} is signed by ${B} but it is not contained of permission.`,
    );
    // Manager.pushTransaction checks the signature before processTransaction's TaPoS
    await refused((await signed({ key: KEY_B, refHash: '00'.repeat(8) })).hex, 'SIGERROR', /is signed by/);
  });

  it('replay: the same signed transaction again is DUP_TRANSACTION_ERROR and moves nothing twice', async () => {
    const { hex } = await signed({ value: { to_address: h(B), amount: 2_000 } });
    const b = sim.accounts.get(h(B))!.balance;
    expect((await broadcast(hex)).body).toMatchObject({ result: true, code: 'SUCCESS' });
    expect(sim.accounts.get(h(B))!.balance).toBe(b + 2_000n);
    await refused(hex, 'DUP_TRANSACTION_ERROR', 'Dup transaction.');
    sim.produceBlock();
    await refused(hex, 'DUP_TRANSACTION_ERROR', 'Dup transaction.');
  });

  it('stale or foreign reference block (TRON’s sequence): TAPOS_ERROR', async () => {
    await refused((await signed({ refHash: 'ab'.repeat(8) })).hex, 'TAPOS_ERROR', 'Tapos check error.');
  });

  it('expiry: at the head, before the next slot, or past 24 h: TRANSACTION_EXPIRATION_ERROR, before the signature', async () => {
    for (const expiration of [
      (t: number) => t - 1,
      (t: number) => t,
      (t: number) => t + 2_999,
      (t: number) => t + 24 * 3600_000 + 1,
    ])
      await refused(
        (await signed({ expiration })).hex,
        'TRANSACTION_EXPIRATION_ERROR',
        'Transaction expired',
      );
    // Wallet.broadcastTransaction checks the expiration before Manager.pushTransaction checks the signature
    await refused(
      (await signed({ key: KEY_B, expiration: (t) => t - 1 })).hex,
      'TRANSACTION_EXPIRATION_ERROR',
      'Transaction expired',
    );
  });

  it('overspend: CONTRACT_VALIDATE_ERROR with the actuators’ texts (TRX, TRC-10); an unknown owner', async () => {
    await refused(
      (await signed({ value: { to_address: h(B), amount: 200_000_000 } })).hex,
      'CONTRACT_VALIDATE_ERROR',
      'contract validate error : Validate TransferContract error, balance is not sufficient.',
    );
    await refused(
      (
        await signed({
          type: 'TransferAssetContract',
          value: { to_address: h(B), asset_name: Buffer.from('1000001').toString('hex'), amount: 11 },
        })
      ).hex,
      'CONTRACT_VALIDATE_ERROR',
      'contract validate error : assetBalance is not sufficient.',
    );
    await refused(
      (await signed({ value: { to_address: h(A), amount: 1 } })).hex,
      'CONTRACT_VALIDATE_ERROR',
      'contract validate error : Cannot transfer TRX to yourself.',
    );
    // BandwidthProcessor.consume looks the owner up first
    await refused(
      (await signed({ owner: GHOST, key: KEY_GHOST })).hex,
      'CONTRACT_VALIDATE_ERROR',
      `contract validate error : account [${GHOST}] does not exist`,
    );
  });

  it('activation (TRON’s reserve): a new account the balance cannot pay for is refused, nothing burned', async () => {
    // POOR holds 100 sun; creating NEW burns 0.1 TRX of bandwidth: BANDWITH_ERROR
    await refused(
      (await signed({ owner: POOR, key: KEY_POOR, value: { to_address: h(NEW), amount: 1 } })).hex,
      'BANDWITH_ERROR',
      'Account resource insufficient error.',
    );
    // B can pay the bandwidth, not the amount plus the 1 TRX system-contract creation fee
    const all = Number(sim.accounts.get(h(B))!.balance) - 100_000 - 1_000_000 + 1;
    await refused(
      (await signed({ owner: B, key: KEY_B, value: { to_address: h(NEW), amount: all } })).hex,
      'CONTRACT_VALIDATE_ERROR',
      'contract validate error : Validate TransferContract error, balance is not sufficient.',
    );
    expect(sim.accounts.has(h(NEW))).toBe(false);
  });

  it('fee: bandwidth to burn the balance cannot pay is BANDWITH_ERROR; a fee limit above 15,000 TRX is refused', async () => {
    sim.exhaustBandwidth(POOR);
    await refused(
      (await signed({ owner: POOR, key: KEY_POOR, value: { to_address: h(A), amount: 1 } })).hex,
      'BANDWITH_ERROR',
      'Account resource insufficient error.',
    );
    const data = `a9059cbb${h(B).slice(2).padStart(64, '0')}${1n.toString(16).padStart(64, '0')}`;
    await refused(
      (
        await signed({
          type: 'TriggerSmartContract',
          value: { contract_address: h(LOCAL_TRC20.address), data },
          feeLimit: 15_000_000_001,
        })
      ).hex,
      'CONTRACT_VALIDATE_ERROR',
      'contract validate error : feeLimit must be >= 0 and <= 15000000000',
    );
    // The limit is the chain parameter getchainparameters answers (the committee can change it).
    const params = (await post('/wallet/getchainparameters', {})).body.chainParameter as {
      key: string;
      value?: number;
    }[];
    expect(params.find((p) => p.key === 'getMaxFeeLimit')?.value).toBe(15_000_000_000);
    const max = sim.params.getMaxFeeLimit;
    sim.params.getMaxFeeLimit = 1_000_000_000n;
    try {
      await refused(
        (
          await signed({
            type: 'TriggerSmartContract',
            value: { contract_address: h(LOCAL_TRC20.address), data },
            feeLimit: 1_000_000_001,
          })
        ).hex,
        'CONTRACT_VALIDATE_ERROR',
        'contract validate error : feeLimit must be >= 0 and <= 1000000000',
      );
    } finally {
      sim.params.getMaxFeeLimit = max;
    }
  });

  it('garbage: HTTP 200 {"Error": "<class> : <message>"} for non-hex, a non-transaction and invalid JSON; nothing changed', async () => {
    const before = snapshot();
    const notHex = await broadcast('zz-not-hex');
    expect(notHex).toEqual({
      status: 200,
      body: {
        Error:
          'class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string',
      },
    });
    const notTx = await broadcast('deadbeef');
    expect(notTx.status).toBe(200);
    expect(notTx.body).toEqual({
      Error: expect.stringMatching(/^class com\.google\.protobuf\.InvalidProtocolBufferException : /),
    });
    const bad = await post('/wallet/broadcasthex', '{"transaction":');
    expect(bad.status).toBe(200);
    expect(bad.body.Error).toMatch(/^class /);
    expect(snapshot()).toEqual(before);
  });
});
