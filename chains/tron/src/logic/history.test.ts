import { describe, expect, it } from 'vitest';
import { mergeTronHistory, operationFromTronTx } from './history';
import { tronHex } from './address';

const ME = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const TO = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const id = (n: number) => n.toString(16).padStart(64, '0');
const tx = (
  n: number,
  type: string,
  value: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  txID: id(n),
  blockNumber: 100 + n,
  block_timestamp: 1_700_000_000_000 + n * 3000,
  raw_data: { contract: [{ type, parameter: { value } }] },
  ret: [{ contractRet: 'SUCCESS', fee: 0 }],
  net_fee: 0,
  energy_fee: 0,
  ...extra,
});

describe('TRON history from the indexer', () => {
  it('a TRX transfer out with its burned fee, and one in', () => {
    const out = operationFromTronTx(
      tx(
        1,
        'TransferContract',
        { owner_address: tronHex(ME), to_address: tronHex(TO), amount: 5_000_000 },
        { net_fee: 267_000 },
      ),
      ME,
    )!;
    expect(out).toMatchObject({ direction: 'out', value: 5_000_000n, fee: 267_000n, blockHeight: 101 });
    expect(out.recipients[0]!.address).toBe(TO);
    const inn = operationFromTronTx(
      tx(2, 'TransferContract', { owner_address: tronHex(TO), to_address: tronHex(ME), amount: 7 }),
      ME,
    )!;
    expect(inn).toMatchObject({ direction: 'in', value: 7n, fee: 0n });
  });
  it('TRC-10 with the asset id (hex text) and its details; entries without txID are skipped', () => {
    const op = operationFromTronTx(
      tx(3, 'TransferAssetContract', {
        owner_address: tronHex(ME),
        to_address: tronHex(TO),
        amount: 9,
        asset_name: '31303030303031',
      }),
      ME,
      (i) => (i === '1000001' ? { symbol: 'LTA', name: 'Local Asset', decimals: 0 } : undefined),
    )!;
    expect(op.token).toEqual({ contract: '1000001', symbol: 'LTA', decimals: 0, name: 'Local Asset' });
    expect(operationFromTronTx({ internal_tx_id: 'x' }, ME)).toBeNull();
  });
  it('a TRC-20 transfer takes amount and token from the trc20 list, fee and failure from its transaction', () => {
    const call = tx(
      4,
      'TriggerSmartContract',
      { owner_address: tronHex(ME), contract_address: tronHex(USDT) },
      {
        energy_fee: 6_500_000,
        net_fee: 345_000,
        ret: [{ contractRet: 'OUT_OF_ENERGY' }],
      },
    );
    const t20 = {
      transaction_id: id(4),
      token_info: { symbol: 'USDT', address: USDT, decimals: 6, name: 'Tether USD' },
      block_timestamp: 1_700_000_012_000,
      from: ME,
      to: TO,
      type: 'Transfer',
      value: '1000000',
    };
    const ops = mergeTronHistory(
      [call, tx(1, 'TransferContract', { owner_address: tronHex(TO), to_address: tronHex(ME), amount: 1 })],
      [t20],
      ME,
    );
    expect(ops).toHaveLength(2);
    expect(ops[0]).toMatchObject({
      hash: id(4),
      value: 1_000_000n,
      fee: 6_845_000n,
      failed: true,
      direction: 'out',
    });
    expect(ops[0]!.token).toMatchObject({ contract: USDT, symbol: 'USDT', decimals: 6 });
  });
});
