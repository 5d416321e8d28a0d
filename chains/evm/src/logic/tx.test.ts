import { describe, expect, it } from 'vitest';
import { keccak256, parseTransaction, recoverTransactionAddress, serializeTransaction, type Hex } from 'viem';
import { OTHER_ACCOUNT, RECIPIENT, TEST_ACCOUNT } from '../test/keys';
import {
  SignedTxMismatchError,
  erc1155TransferData,
  erc20TransferData,
  erc721TransferData,
  finalizeSignedTx,
  serializeUnsigned,
  toSerializable,
  transferCall,
  type EvmTxPlan,
} from './tx';

const TOKEN = '0x9AD50244681e313eeF77adD770A9F3dBE000406b' as const;

const plan1559: EvmTxPlan = {
  chainId: 1,
  from: TEST_ACCOUNT.address,
  nonce: 7,
  to: RECIPIENT,
  value: 10n ** 16n,
  data: '0x',
  gas: 21_000n,
  fee: { type: 'eip1559', maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n },
};
const planLegacy: EvmTxPlan = { ...plan1559, chainId: 56, fee: { type: 'legacy', gasPrice: 5_000_000_000n } };

async function sign(plan: EvmTxPlan, account = TEST_ACCOUNT): Promise<Hex> {
  return account.signTransaction(toSerializable(plan) as never);
}

describe('calldata', () => {
  it('ERC-20 transfer: selector a9059cbb + padded recipient + 64-hex-digit amount', () => {
    const d = erc20TransferData(RECIPIENT, 1234n);
    expect(d).toBe(
      `0xa9059cbb${'0'.repeat(24)}${RECIPIENT.slice(2).toLowerCase()}${1234n.toString(16).padStart(64, '0')}`,
    );
  });
  it('ERC-721 safeTransferFrom(address,address,uint256) selector 42842e0e', () => {
    const d = erc721TransferData(TEST_ACCOUNT.address, RECIPIENT, 2n);
    expect(d.slice(0, 10)).toBe('0x42842e0e');
    expect(d.length).toBe(2 + 8 + 64 * 3);
    expect(d.endsWith('2'.padStart(64, '0'))).toBe(true);
  });
  it('ERC-1155 safeTransferFrom(address,address,uint256,uint256,bytes) selector f242432a', () => {
    const d = erc1155TransferData(TEST_ACCOUNT.address, RECIPIENT, 1n, 3n);
    expect(d.slice(0, 10)).toBe('0xf242432a');
    // from, to, id, amount, offset(0xa0), length 0
    expect(d.length).toBe(2 + 8 + 64 * 6);
  });
  it('transferCall: coin value to the recipient; tokens and NFTs call the contract with value 0', () => {
    expect(
      transferCall(TEST_ACCOUNT.address, { kind: 'coin', to: RECIPIENT.toLowerCase(), amount: 5n }),
    ).toEqual({ to: RECIPIENT, value: 5n, data: '0x' });
    const t = transferCall(TEST_ACCOUNT.address, {
      kind: 'token',
      contract: TOKEN.toLowerCase(),
      to: RECIPIENT,
      amount: 5n,
    });
    expect(t.to).toBe(TOKEN);
    expect(t.value).toBe(0n);
    const n = transferCall(TEST_ACCOUNT.address, {
      kind: 'nft',
      standard: 'ERC1155',
      contract: TOKEN,
      tokenId: 1n,
      to: RECIPIENT,
    });
    expect(n.data).toBe(erc1155TransferData(TEST_ACCOUNT.address, RECIPIENT, 1n, 1n));
  });
});

describe('unsigned serialization', () => {
  it('EIP-1559 is 0x02 || rlp without signature', () => {
    const u = serializeUnsigned(plan1559);
    expect(u.startsWith('0x02')).toBe(true);
    const p = parseTransaction(u);
    expect(p).toMatchObject({
      type: 'eip1559',
      chainId: 1,
      nonce: 7,
      to: RECIPIENT.toLowerCase(),
      value: 10n ** 16n,
      gas: 21_000n,
    });
    expect(p.r).toBeUndefined();
  });
  it('legacy is the EIP-155 signing payload (chainId, 0, 0 appended)', () => {
    const u = serializeUnsigned(planLegacy);
    expect(u.startsWith('0xf8') || u.startsWith('0xe')).toBe(true);
    // rlp([... , 0x38 (56), 0x80, 0x80])
    expect(u.endsWith('388080')).toBe(true);
    expect(u).toBe(
      serializeTransaction({
        type: 'legacy',
        chainId: 56,
        nonce: 7,
        gasPrice: 5_000_000_000n,
        gas: 21_000n,
        to: RECIPIENT,
        value: 10n ** 16n,
      }),
    );
  });
  it('data is included only when present', () => {
    const withData = serializeUnsigned({
      ...plan1559,
      data: erc20TransferData(RECIPIENT, 1n),
      value: 0n,
      to: TOKEN,
    });
    expect(parseTransaction(withData).data).toBe(erc20TransferData(RECIPIENT, 1n));
  });
});

describe('finalize', () => {
  it('accepts the EIP-1559 transaction signed by the sender and returns its hash', async () => {
    const raw = await sign(plan1559);
    const r = finalizeSignedTx(plan1559, raw);
    expect(r.hash).toBe(keccak256(raw));
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(
      TEST_ACCOUNT.address,
    );
  });
  it('accepts a legacy EIP-155 transaction (v = chainId × 2 + 35/36) and hex without 0x', async () => {
    const raw = await sign(planLegacy);
    expect(finalizeSignedTx(planLegacy, raw.slice(2)).raw).toBe(raw.toLowerCase());
  });
  it('rejects another signer', async () => {
    const raw = await sign(plan1559, OTHER_ACCOUNT);
    expect(() => finalizeSignedTx(plan1559, raw)).toThrow(new SignedTxMismatchError('sender'));
  });
  it.each([
    ['to', { to: TOKEN }],
    ['value', { value: 1n }],
    ['nonce', { nonce: 8 }],
    ['chainId', { chainId: 5 }],
    ['gas', { gas: 21_001n }],
    ['data', { data: '0x12' as Hex }],
    [
      'maxFeePerGas',
      {
        fee: {
          type: 'eip1559' as const,
          maxFeePerGas: 31_000_000_000n,
          maxPriorityFeePerGas: 1_000_000_000n,
        },
      },
    ],
    [
      'maxPriorityFeePerGas',
      { fee: { type: 'eip1559' as const, maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 2n } },
    ],
    ['type', { fee: { type: 'legacy' as const, gasPrice: 1n } }],
  ])('rejects a different %s', async (field, change) => {
    const raw = await sign({ ...plan1559, ...change });
    expect(() => finalizeSignedTx(plan1559, raw)).toThrow(new SignedTxMismatchError(field));
  });
  it('rejects a different legacy gas price and garbage', async () => {
    const raw = await sign({ ...planLegacy, fee: { type: 'legacy', gasPrice: 1n } });
    expect(() => finalizeSignedTx(planLegacy, raw)).toThrow(new SignedTxMismatchError('gasPrice'));
    expect(() => finalizeSignedTx(planLegacy, '0xdeadbeef')).toThrow(SignedTxMismatchError);
  });
  it('rejects an unsigned transaction', () => {
    expect(() => finalizeSignedTx(plan1559, serializeUnsigned(plan1559))).toThrow(
      new SignedTxMismatchError('signature'),
    );
  });
});
