import { decodeFunctionData, erc20Abi, parseAbi, parseTransaction, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../test/keys';
import { createEvmAdapter, type EvmBackend } from './adapter';
import { allowanceKind, approvalKey, revokeIntent, type EvmApproval } from './approvals';
import { nativeEvmChain } from './chains';
import { transferCall } from './tx';

const ME = TEST_ACCOUNT.address;
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const SPENDER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const ACCOUNT = { chain: 'ETH' as const, index: 0, bip: 44 as const, path: "m/44'/60'/0'", address: ME };
const G = 1_000_000_000n;

const erc20: EvmApproval = {
  kind: 'ERC20',
  contract: LUSD,
  spender: SPENDER,
  allowance: 5n,
  token: { name: 'Local USD', symbol: 'LUSD', decimals: 6 },
};

describe('allowance wording', () => {
  it('max uint256, the all-ones of narrower integers (uint96 tokens) and anything from 2^255 are unlimited', () => {
    expect(allowanceKind({ allowance: 2n ** 256n - 1n })).toBe('unlimited');
    expect(allowanceKind({ allowance: 2n ** 255n + 7n })).toBe('unlimited');
    expect(allowanceKind({ allowance: 2n ** 96n - 1n })).toBe('unlimited');
    expect(allowanceKind({ allowance: 2n ** 128n - 1n })).toBe('unlimited');
  });

  it('above the whole supply is said as such; any other value is the amount', () => {
    expect(allowanceKind({ allowance: 1001n, totalSupply: 1000n })).toBe('aboveSupply');
    expect(allowanceKind({ allowance: 1000n, totalSupply: 1000n })).toBe('amount');
    expect(allowanceKind({ allowance: 2n ** 96n - 2n })).toBe('amount');
    expect(allowanceKind({ allowance: 250_000_000n, totalSupply: 0n })).toBe('amount');
  });

  it('keys are stable across address case', () => {
    expect(approvalKey(erc20)).toBe(approvalKey({ ...erc20, spender: SPENDER.toLowerCase() }));
  });
});

describe('the revoke transaction', () => {
  it('ERC-20: approve(spender, 0) to the token contract, no coin', () => {
    const call = transferCall(ME, revokeIntent(erc20));
    expect(call.to).toBe(LUSD);
    expect(call.value).toBe(0n);
    expect(call.data.slice(0, 10)).toBe('0x095ea7b3');
    expect(decodeFunctionData({ abi: erc20Abi, data: call.data })).toEqual({
      functionName: 'approve',
      args: [SPENDER, 0n],
    });
  });

  it('ERC-721 and ERC-1155: setApprovalForAll(operator, false)', () => {
    const abi = parseAbi(['function setApprovalForAll(address operator, bool approved)']);
    for (const kind of ['ERC721', 'ERC1155'] as const) {
      const call = transferCall(ME, revokeIntent({ ...erc20, kind }));
      expect(call.data.slice(0, 10)).toBe('0xa22cb465');
      expect(decodeFunctionData({ abi, data: call.data }).args).toEqual([SPENDER, false]);
      expect(call.value).toBe(0n);
    }
  });

  it('built with the estimate and fee like a send; the review names token, contract and spender, total = fee', async () => {
    const estimates: { to: string; data?: Hex }[] = [];
    const backend: EvmBackend = {
      getAccount: async () => ({ balance: 10n ** 18n, nonce: 3, txCount: 3 }),
      getNonce: async () => 3,
      getGasPrice: async () => 2n * G,
      getFeeHistory: async () => ({ baseFeePerGas: [G, G, G, G], reward: [[G, G, G]] }),
      estimateGas: async (c) => {
        estimates.push({ to: c.to, ...(c.data ? { data: c.data } : {}) });
        return 46_000n;
      },
      ethCall: async () => '0x',
      getTransactions: async () => ({ records: [], cursor: null }),
      broadcast: async () => '0x',
    };
    const adapter = createEvmAdapter(nativeEvmChain('ETH'), backend);
    const built = await adapter.build(ACCOUNT, {
      intent: revokeIntent(erc20),
      feeMode: 'medium',
      token: { symbol: 'LUSD', decimals: 6 },
    });
    expect(estimates[0]!.to).toBe(LUSD);
    expect(estimates[0]!.data?.slice(0, 10)).toBe('0x095ea7b3');
    expect(built.details.gasLimit).toBe(46_000n);
    expect(built.review.amount).toBe(0n);
    expect(built.review.total).toBe(built.review.fee);
    const tx = parseTransaction(built.signRequest.unsignedTx);
    expect(tx.to?.toLowerCase()).toBe(LUSD.toLowerCase());
    expect(tx.value ?? 0n).toBe(0n);
    expect(tx.data?.slice(0, 10)).toBe('0x095ea7b3');
    const rows = adapter.reviewRows(built);
    expect(rows.map((r) => r.labelKey)).toEqual([
      'evm.revoke.token',
      'evm.revoke.contract',
      'evm.revoke.spender',
      'send.networkFee',
      'evm.gasPrice',
      'send.total',
    ]);
    expect(rows[2]!.value).toEqual({ type: 'address', value: SPENDER });
  });

  it('a revoke the coin balance cannot pay for is refused before signing', async () => {
    const backend: EvmBackend = {
      getAccount: async () => ({ balance: 0n, nonce: 0, txCount: 0 }),
      getNonce: async () => 0,
      getGasPrice: async () => 2n * G,
      getFeeHistory: async () => null,
      estimateGas: async () => 46_000n,
      ethCall: async () => '0x',
      getTransactions: async () => ({ records: [], cursor: null }),
      broadcast: async () => '0x',
    };
    const adapter = createEvmAdapter(nativeEvmChain('ETH'), backend);
    await expect(
      adapter.build(ACCOUNT, { intent: revokeIntent(erc20), feeMode: 'medium' }),
    ).rejects.toThrow();
  });

  it('approvals come from the backend when it has a source; a chain without one says so', async () => {
    const base = {
      getAccount: async () => ({ balance: 0n, nonce: 0, txCount: 0 }),
      getNonce: async () => 0,
      getGasPrice: async () => 0n,
      getFeeHistory: async () => null,
      estimateGas: async () => 0n,
      ethCall: async () => '0x' as Hex,
      getTransactions: async () => ({ records: [], cursor: null }),
      broadcast: async () => '0x',
    } satisfies EvmBackend;
    const asked: string[] = [];
    const withSource = createEvmAdapter(nativeEvmChain('ETH'), {
      ...base,
      getApprovals: async (a) => {
        asked.push(a);
        return { approvals: [erc20], truncated: false, fromBlock: 0 };
      },
    });
    expect(withSource.hasApprovals).toBe(true);
    await expect(withSource.getApprovals(ME)).resolves.toMatchObject({ approvals: [erc20] });
    expect(asked).toEqual([ME]);
    const without = createEvmAdapter(nativeEvmChain('ETH'), base);
    expect(without.hasApprovals).toBe(false);
    await expect(without.getApprovals(ME)).rejects.toThrow();
  });
});
