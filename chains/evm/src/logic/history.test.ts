import { describe, expect, it } from 'vitest';
import { mergeEvmHistory, type EvmTxRecord } from './history';

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const OTHER = '0x000000000000000000000000000000000000dEaD';
const TOKEN = {
  contract: '0x9AD50244681e313eeF77adD770A9F3dBE000406b',
  symbol: 'LUSD',
  decimals: 6,
  name: 'Local USD',
};

const tx = (
  hash: string,
  block: number | null,
  ts: number | null,
  extra: Partial<EvmTxRecord> = {},
): EvmTxRecord => ({
  hash,
  blockNumber: block,
  timeStamp: ts,
  from: ME.toLowerCase(),
  to: OTHER,
  value: 1n,
  gasUsed: 21_000n,
  gasPrice: 2n,
  ...extra,
});

describe('EVM history merge', () => {
  it('merges txlist and tokentx by hash: the token transfer keeps the call fee and sender', () => {
    const call = tx('0xa', 10, 100, { to: TOKEN.contract, value: 0n, gasUsed: 50_000n });
    const transfer = tx('0xA', 10, 100, {
      value: 500n,
      token: TOKEN,
      gasUsed: undefined,
      gasPrice: undefined,
    });
    const ops = mergeEvmHistory(ME, [call], [transfer]);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      hash: '0xA',
      direction: 'out',
      value: 500n,
      fee: 100_000n,
      isOwnTransaction: true,
      token: { contract: TOKEN.contract, symbol: 'LUSD', decimals: 6 },
    });
  });

  it('drops errored transactions (and their token transfers)', () => {
    const ops = mergeEvmHistory(
      ME,
      [tx('0x1', 5, 50, { isError: true }), tx('0x2', 6, 60)],
      [tx('0x1', 5, 50, { token: TOKEN })],
    );
    expect(ops.map((o) => o.hash)).toEqual(['0x2']);
  });

  it('sorts newest first: pending first, then block number, then timestamp', () => {
    const ops = mergeEvmHistory(ME, [
      tx('0x1', 5, 500),
      tx('0x2', 7, 100),
      tx('0x3', 7, 200),
      tx('0x4', null, null),
    ]);
    expect(ops.map((o) => o.hash)).toEqual(['0x4', '0x3', '0x2', '0x1']);
    expect(ops[0]).toMatchObject({ blockHeight: null, time: null });
    expect(ops[3]!.time).toBe(500_000);
  });

  it('incoming, outgoing and self directions; self moves 0', () => {
    const ops = mergeEvmHistory(ME, [
      tx('0x1', 1, 1, { from: OTHER, to: ME, value: 9n }),
      tx('0x2', 2, 2, { to: ME }),
    ]);
    const byHash = Object.fromEntries(ops.map((o) => [o.hash, o]));
    expect(byHash['0x1']).toMatchObject({ direction: 'in', value: 9n, isOwnTransaction: false });
    expect(byHash['0x2']).toMatchObject({ direction: 'self', value: 0n, isOwnTransaction: true });
  });

  it('keeps one entry per hash and skips token transfers not involving the account', () => {
    const a = tx('0x1', 1, 1, { token: TOKEN, value: 5n });
    const b = tx('0x1', 1, 1, { token: TOKEN, value: 6n });
    const foreign = tx('0x2', 1, 1, { token: TOKEN, from: OTHER, to: OTHER });
    const ops = mergeEvmHistory(ME, [], [a, b, foreign]);
    expect(ops).toHaveLength(1);
    expect(ops[0]!.value).toBe(5n);
  });

  it('a coin-moving call keeps the coin entry', () => {
    const ops = mergeEvmHistory(
      ME,
      [tx('0x1', 1, 1, { value: 10n })],
      [tx('0x1', 1, 1, { token: TOKEN, from: OTHER, to: ME, value: 3n })],
    );
    expect(ops).toHaveLength(1);
    expect(ops[0]!.token).toBeUndefined();
    expect(ops[0]!.value).toBe(10n);
  });

  it('fee is 0 when gas data is missing; records may come in one list', () => {
    const ops = mergeEvmHistory(ME, [
      tx('0x1', 1, 1, { gasUsed: undefined }),
      tx('0x2', 2, 2, { token: TOKEN }),
    ]);
    expect(ops.find((o) => o.hash === '0x1')!.fee).toBe(0n);
    expect(ops.find((o) => o.hash === '0x2')!.token?.symbol).toBe('LUSD');
  });
});
