import { describe, expect, it } from 'vitest';
import { mergeEvmHistory, type EvmTokenTransferLike, type EvmTxLike } from './ops.js';

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const OTHER = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
const TOKEN = '0x1111111111111111111111111111111111111111';

const tx = (over: Partial<EvmTxLike>): EvmTxLike => ({
  hash: '0xaa',
  blockNumber: 10,
  timeStamp: 1_700_000_000,
  from: ME,
  to: OTHER,
  value: '0',
  nonce: 4,
  gasUsed: '21000',
  gasPrice: '2',
  isError: false,
  ...over,
});
const transfer = (over: Partial<EvmTokenTransferLike>): EvmTokenTransferLike => ({
  hash: '0xaa',
  blockNumber: 10,
  timeStamp: 1_700_000_000,
  from: ME,
  to: OTHER,
  value: '500',
  contract: TOKEN,
  symbol: 'LUSD',
  decimals: 6,
  ...over,
});

describe('mergeEvmHistory (one Operation per hash, chain-common contract)', () => {
  it('a self transfer has value 0 (coin and token)', () => {
    const ops = mergeEvmHistory(
      ME,
      [tx({ hash: '0x01', to: ME, value: '1000' })],
      [transfer({ hash: '0x02', to: ME, value: '77' })],
    );
    expect(ops.map((o) => [o.hash, o.direction, o.value, o.token?.symbol])).toEqual([
      ['0x01', 'self', '0', undefined],
      ['0x02', 'self', '0', 'LUSD'],
    ]);
    // The counterparties still say what moved.
    expect(ops[0]!.senders[0]!.value).toBe('1000');
  });

  it('a transaction moving coin and a token keeps the coin entry', () => {
    const ops = mergeEvmHistory(ME, [tx({ value: '1000' })], [transfer({})]);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ hash: '0xaa', direction: 'out', value: '1000', fee: '42000', nonce: 4 });
    expect(ops[0]!.token).toBeUndefined();
  });

  it('a contract call moving no coin is shown as its token transfer with the call fee and nonce', () => {
    const ops = mergeEvmHistory(ME, [tx({ to: TOKEN, value: '0' })], [transfer({})]);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      value: '500',
      fee: '42000',
      nonce: 4,
      isOwnTransaction: true,
      direction: 'out',
    });
    expect(ops[0]!.token?.symbol).toBe('LUSD');
  });

  it('drops errored transactions and their transfers', () => {
    expect(mergeEvmHistory(ME, [tx({ isError: true })], [transfer({})])).toEqual([]);
  });
});
