/* eslint-disable @typescript-eslint/no-explicit-any -- raw node JSON and tronweb protobuf objects */
import { SigningKey, pkToAddress, sha256, txJsonToPb, toHex } from 'tronweb/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { LOCAL_TRC20, TronSimulator, tronAddressOf, tronGenesis } from './simulator.js';

const KEY_A = '0x' + '11'.repeat(32);
const KEY_B = '0x' + '22'.repeat(32);
const KEY_POOR = '0x' + '33'.repeat(32);
const A = pkToAddress(KEY_A.slice(2));
const B = pkToAddress(KEY_B.slice(2));
const POOR = pkToAddress(KEY_POOR.slice(2));
const NEW = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const h = (a: string) => toHex(a).toLowerCase();

let sim: TronSimulator;
let url: string;
beforeAll(async () => {
  sim = new TronSimulator({
    accounts: [
      { address: A, balance: 100_000_000n, energy: 100_000n, trc20: 1_000_000n, trc10: 1000n },
      { address: B, balance: 5_000_000n, trc20: 1n },
      { address: POOR, balance: 100n },
    ],
  });
  url = await sim.start();
});
afterAll(() => sim.stop());

const post = async (path: string, body: unknown) =>
  (await (await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json()) as Record<
    string,
    any
  >;
const get = async (path: string) => (await (await fetch(`${url}${path}`)).json()) as Record<string, any>;
const text = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

interface Send {
  owner: string;
  key: string;
  type: 'TransferContract' | 'TransferAssetContract' | 'TriggerSmartContract';
  value: Record<string, unknown>;
  feeLimit?: number;
  ref?: { num: number; id: string };
  expiration?: number;
}
async function signed(s: Send): Promise<string> {
  const block = (await post('/wallet/getnowblock', {})) as {
    blockID: string;
    block_header: { raw_data: { number: number; timestamp: number } };
  };
  const ref = s.ref ?? { num: block.block_header.raw_data.number, id: block.blockID };
  const ts = block.block_header.raw_data.timestamp;
  const pb = txJsonToPb({
    visible: false,
    raw_data: {
      contract: [
        {
          type: s.type,
          parameter: {
            value: { owner_address: h(s.owner), ...s.value },
            type_url: `type.googleapis.com/protocol.${s.type}`,
          },
        },
      ],
      ref_block_bytes: (ref.num & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: ref.id.slice(16, 32),
      expiration: s.expiration ?? ts + 60_000,
      timestamp: ts,
      ...(s.feeLimit ? { fee_limit: s.feeLimit } : {}),
    },
  }) as any;
  const raw: Uint8Array = pb.getRawData().serializeBinary();
  const sig = new SigningKey(s.key).sign(sha256(raw));
  pb.addSignature(
    Buffer.from(`${sig.r.slice(2)}${sig.s.slice(2)}${(sig.v - 27).toString(16).padStart(2, '0')}`, 'hex'),
  );
  return Buffer.from(pb.serializeBinary()).toString('hex');
}
const send = async (s: Send) => post('/wallet/broadcasthex', { transaction: await signed(s) });
const trx = (owner: string, key: string, to: string, amount: number): Send => ({
  owner,
  key,
  type: 'TransferContract',
  value: { to_address: h(to), amount },
});
const trc20 = (to: string, amount: bigint) =>
  `a9059cbb${h(to).slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
const balance = async (a: string) =>
  ((await post('/wallet/getaccount', { address: a, visible: true })).balance as number) ?? 0;

describe('TRON simulator', () => {
  it('funds the emulator accounts of the test mnemonic', () => {
    const g = tronGenesis(DEFAULT_MNEMONIC);
    expect(g[0]!.address).toBe(tronAddressOf(DEFAULT_MNEMONIC, 0));
    expect(g[0]!.address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('answers getaccount {} and an empty v1 list for an address not activated', async () => {
    expect(await post('/wallet/getaccount', { address: NEW, visible: true })).toEqual({});
    expect(await post('/wallet/getaccountresource', { address: NEW, visible: true })).toEqual({});
    expect((await get(`/v1/accounts/${NEW}`)).data).toEqual([]);
  });

  it('a TRX transfer to an account uses the free daily bandwidth and moves the amount', async () => {
    const r = await send(trx(A, KEY_A, B, 1_000_000));
    expect(r).toMatchObject({ result: true, code: 'SUCCESS' });
    expect(await balance(A)).toBe(99_000_000);
    expect(await balance(B)).toBe(6_000_000);
    const res = await post('/wallet/getaccountresource', { address: A, visible: true });
    expect(res.freeNetUsed).toBeGreaterThan(200);
    expect(res.freeNetLimit).toBe(600);
    sim.produceBlock();
    const info = await post('/wallet/gettransactioninfobyid', { value: r.txid });
    expect(info.blockNumber).toBeGreaterThan(0);
  });

  it('a transfer to a new address creates it and burns the create-account fees (0.1 + 1 TRX)', async () => {
    const before = await balance(A);
    expect((await send(trx(A, KEY_A, NEW, 2_000_000))).result).toBe(true);
    expect(await balance(A)).toBe(before - 2_000_000 - 1_100_000);
    expect(await balance(NEW)).toBe(2_000_000);
  });

  it('refuses a transaction signed by another key (SIGERROR), an unknown reference block (TAPOS_ERROR) and an expired one', async () => {
    const wrong = await send(trx(A, KEY_B, B, 1));
    expect(wrong).toMatchObject({ result: false, code: 'SIGERROR' });
    expect(text(wrong.message)).toMatch(/validate signature error/);
    const tapos = await send({ ...trx(A, KEY_A, B, 1), ref: { num: 7, id: 'ff'.repeat(32) } });
    expect(tapos.code).toBe('TAPOS_ERROR');
    const head = await post('/wallet/getnowblock', {});
    const expired = await send({
      ...trx(A, KEY_A, B, 1),
      expiration: head.block_header.raw_data.timestamp - 1,
    });
    expect(expired.code).toBe('TRANSACTION_EXPIRATION_ERROR');
    const dup = await signed(trx(A, KEY_A, B, 3));
    expect((await post('/wallet/broadcasthex', { transaction: dup })).result).toBe(true);
    expect((await post('/wallet/broadcasthex', { transaction: dup })).code).toBe('DUP_TRANSACTION_ERROR');
  });

  it('refuses an overspend (CONTRACT_VALIDATE_ERROR) and a burn the balance cannot pay (BANDWITH_ERROR)', async () => {
    const over = await send(trx(B, KEY_B, A, 900_000_000));
    expect(over.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(text(over.message)).toMatch(/balance is not sufficient/);
    sim.exhaustBandwidth(POOR);
    expect((await send(trx(POOR, KEY_POOR, A, 1))).code).toBe('BANDWITH_ERROR');
  });

  it('the bandwidth burn counts against the balance: sending it all leaves nothing for the fee (CONTRACT_VALIDATE_ERROR)', async () => {
    const KEY_D = '0x' + '44'.repeat(32);
    const D = pkToAddress(KEY_D.slice(2));
    expect((await send(trx(A, KEY_A, D, 3_000_000))).result).toBe(true);
    sim.exhaustBandwidth(D);
    const all = await send(trx(D, KEY_D, A, 3_000_000));
    expect(all).toMatchObject({ result: false, code: 'CONTRACT_VALIDATE_ERROR' });
    expect(text(all.message)).toMatch(/balance is not sufficient/);
    expect(await balance(D)).toBe(3_000_000);
    // what the balance can pay after the burn still goes
    expect((await send(trx(D, KEY_D, A, 2_000_000))).result).toBe(true);
    expect(await balance(D)).toBeGreaterThan(0);
    expect(await balance(D)).toBeLessThan(1_000_000);
  });

  it('TRC-20: ~65,000 energy to a holder, ~130,000 to a new one; the account energy pays first, the shortfall burns', async () => {
    const est = (to: string) =>
      post('/wallet/triggerconstantcontract', {
        owner_address: A,
        contract_address: LOCAL_TRC20.address,
        data: trc20(to, 1n),
        visible: true,
      });
    expect((await est(B)).energy_used).toBe(65_000);
    expect((await est(NEW)).energy_used).toBe(130_000);
    const call = (to: string, amount: bigint, feeLimit = 40_000_000): Send => ({
      owner: A,
      key: KEY_A,
      type: 'TriggerSmartContract',
      value: { contract_address: h(LOCAL_TRC20.address), data: trc20(to, amount), call_value: 0 },
      feeLimit,
    });
    const receipt = async (id: string) => {
      sim.produceBlock();
      return (await post('/wallet/gettransactioninfobyid', { value: id })) as {
        fee?: number;
        receipt: Record<string, number>;
      };
    };
    let before = await balance(A);
    const first = await send(call(B, 10n));
    expect(first.result).toBe(true);
    const r1 = await receipt(first.txid);
    expect(r1.receipt.energy_usage).toBe(65_000); // 100,000 staked energy covered it
    expect(r1.receipt.energy_fee).toBeUndefined();
    expect(await balance(A)).toBe(before - (r1.fee ?? 0));
    before = await balance(A);
    const second = await send(call(B, 10n));
    const r2 = await receipt(second.txid);
    expect(r2.receipt).toMatchObject({ energy_usage: 35_000, energy_fee: 3_000_000 }); // the shortfall burns at 100 sun
    expect(await balance(A)).toBe(before - r2.fee!);
    const balOf = await post('/wallet/triggerconstantcontract', {
      owner_address: A,
      contract_address: LOCAL_TRC20.address,
      function_selector: 'balanceOf(address)',
      parameter: h(B).slice(2).padStart(64, '0'),
      visible: true,
    });
    expect(BigInt(`0x${balOf.constant_result[0]}`)).toBe(21n);
  });

  it('OUT_OF_ENERGY: a fee limit too low still burns it, moves no token and the receipt says so', async () => {
    const before = await balance(A);
    const r = await send({
      owner: A,
      key: KEY_A,
      type: 'TriggerSmartContract',
      value: { contract_address: h(LOCAL_TRC20.address), data: trc20(NEW, 5n), call_value: 0 },
      feeLimit: 1_000_000,
    });
    expect(r.result).toBe(true);
    sim.produceBlock();
    const info = await post('/wallet/gettransactioninfobyid', { value: r.txid });
    expect(info.receipt.result).toBe('OUT_OF_ENERGY');
    expect(info.receipt.energy_fee).toBe(1_000_000);
    expect(info.result).toBe('FAILED');
    expect(await balance(A)).toBe(before - info.fee);
    expect(sim.trc20.get(h(NEW))).toBeUndefined();
  });

  it('a transfer above the token balance is in a block with a REVERT receipt and pays only the energy used', async () => {
    const r = await send({
      owner: B,
      key: KEY_B,
      type: 'TriggerSmartContract',
      value: { contract_address: h(LOCAL_TRC20.address), data: trc20(A, 10n ** 12n), call_value: 0 },
      feeLimit: 40_000_000,
    });
    expect(r.result).toBe(true);
    sim.produceBlock();
    const info = await post('/wallet/gettransactioninfobyid', { value: r.txid });
    expect(info.receipt).toMatchObject({ result: 'REVERT', energy_fee: 100_000 });
    expect(info.result).toBe('FAILED');
  });

  it('TRC-10 moves the asset and the index lists the account history and TRC-20 transfers', async () => {
    const r = await send({
      owner: A,
      key: KEY_A,
      type: 'TransferAssetContract',
      value: { to_address: h(B), amount: 7, asset_name: Buffer.from('1000001').toString('hex') },
    });
    expect(r.result).toBe(true);
    const acc = await post('/wallet/getaccount', { address: B, visible: true });
    expect(acc.assetV2).toEqual([{ key: '1000001', value: 7 }]);
    const txs = await get(`/v1/accounts/${A}/transactions?limit=200`);
    expect(txs.success).toBe(true);
    expect(txs.data[0].txID).toBe(r.txid);
    expect(txs.data[0].raw_data.contract[0].type).toBe('TransferAssetContract');
    const t20 = await get(`/v1/accounts/${A}/transactions/trc20?limit=200`);
    expect(t20.data.map((d: { value: string }) => d.value)).toEqual(['10', '10']);
    expect(t20.data[0].from).toBe(A);
    expect(t20.data[0].token_info.symbol).toBe('LUSDT');
    const v1 = await get(`/v1/accounts/${B}`);
    expect(v1.data[0].trc20).toEqual([{ [LOCAL_TRC20.address]: '21' }]);
  });
});
