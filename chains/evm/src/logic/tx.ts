/**
 * Unsigned EVM transactions (spec 02 §3 "EVM transaction to sign": nonce, to, value, chainId, gas price,
 * gas limit, optional data) for a coin, an ERC-20 transfer, an ERC-721 safeTransferFrom and an ERC-1155
 * safeTransferFrom, serialized with viem as EIP-1559 (type 2) or legacy EIP-155. The device signs the
 * serialized unsigned transaction; {@link finalizeSignedTx} checks that what came back is exactly the plan
 * (same to/value/data/nonce/chainId/gas/fees) and signed by the expected sender.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  hexToBytes,
  keccak256,
  parseTransaction,
  serializeTransaction,
  toHex,
  type Address,
  type Hex,
  type TransactionSerializable,
} from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { EvmFeeTier } from './fees';

/** ERC-20 transfer(address,uint256): selector 0xa9059cbb + 64-hex-digit padded recipient and amount. */
export function erc20TransferData(to: string, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), amount] });
}

const erc721Abi = [
  {
    type: 'function',
    name: 'safeTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

const erc1155Abi = [
  {
    type: 'function',
    name: 'safeTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'id', type: 'uint256' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
] as const;

/** ERC-721 safeTransferFrom(address,address,uint256) (selector 0x42842e0e). */
export function erc721TransferData(from: string, to: string, tokenId: bigint): Hex {
  return encodeFunctionData({
    abi: erc721Abi,
    functionName: 'safeTransferFrom',
    args: [getAddress(from), getAddress(to), tokenId],
  });
}

/** ERC-1155 safeTransferFrom(address,address,uint256,uint256,bytes) (selector 0xf242432a), empty data. */
export function erc1155TransferData(
  from: string,
  to: string,
  id: bigint,
  amount: bigint,
  data: Hex = '0x',
): Hex {
  return encodeFunctionData({
    abi: erc1155Abi,
    functionName: 'safeTransferFrom',
    args: [getAddress(from), getAddress(to), id, amount, data],
  });
}

export type NftStandard = 'ERC721' | 'ERC1155';

const approvalAbi = [
  {
    type: 'function',
    name: 'setApprovalForAll',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'operator', type: 'address' },
      { name: 'approved', type: 'bool' },
    ],
    outputs: [],
  },
] as const;

/**
 * The call that ends an approval (issue 32): ERC-20 `approve(spender, 0)` (selector 0x095ea7b3) or ERC-721/1155
 * `setApprovalForAll(operator, false)` (selector 0xa22cb465).
 */
export function revokeData(standard: 'ERC20' | 'NFT', spender: string): Hex {
  return standard === 'ERC20'
    ? encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [getAddress(spender), 0n] })
    : encodeFunctionData({
        abi: approvalAbi,
        functionName: 'setApprovalForAll',
        args: [getAddress(spender), false],
      });
}

/** What the user sends: the coin, a token amount or an NFT. */
export type TransferIntent =
  | { kind: 'coin'; to: string; amount: bigint }
  | { kind: 'token'; contract: string; to: string; amount: bigint }
  | { kind: 'nft'; standard: NftStandard; contract: string; tokenId: bigint; to: string; amount?: bigint }
  /** Ends an approval: `to` is the spender (ERC-20) or operator (NFT) of `contract`; no coin moves. */
  | { kind: 'revoke'; standard: 'ERC20' | 'NFT'; contract: string; to: string };

/** The call a transfer makes: transaction recipient, value and data. */
export function transferCall(
  from: string,
  intent: TransferIntent,
): { to: Address; value: bigint; data: Hex } {
  switch (intent.kind) {
    case 'coin':
      return { to: getAddress(intent.to), value: intent.amount, data: '0x' };
    case 'token':
      return {
        to: getAddress(intent.contract),
        value: 0n,
        data: erc20TransferData(intent.to, intent.amount),
      };
    case 'nft':
      return {
        to: getAddress(intent.contract),
        value: 0n,
        data:
          intent.standard === 'ERC721'
            ? erc721TransferData(from, intent.to, intent.tokenId)
            : erc1155TransferData(from, intent.to, intent.tokenId, intent.amount ?? 1n),
      };
    case 'revoke':
      return { to: getAddress(intent.contract), value: 0n, data: revokeData(intent.standard, intent.to) };
  }
}

/** The transaction plan (unsigned). */
export interface EvmTxPlan {
  chainId: number;
  /** Expected signer. */
  from: Address;
  nonce: number;
  to: Address;
  value: bigint;
  data: Hex;
  gas: bigint;
  fee: EvmFeeTier;
}

/** viem's serializable form of a plan. */
export function toSerializable(plan: EvmTxPlan): TransactionSerializable {
  const common = {
    chainId: plan.chainId,
    nonce: plan.nonce,
    to: plan.to,
    value: plan.value,
    gas: plan.gas,
    ...(plan.data !== '0x' ? { data: plan.data } : {}),
  };
  return plan.fee.type === 'eip1559'
    ? {
        ...common,
        type: 'eip1559',
        maxFeePerGas: plan.fee.maxFeePerGas,
        maxPriorityFeePerGas: plan.fee.maxPriorityFeePerGas,
      }
    : { ...common, type: 'legacy', gasPrice: plan.fee.gasPrice };
}

/**
 * The unsigned transaction the device signs: 0x02‖rlp([...]) for EIP-1559, or the EIP-155 signing
 * payload rlp([nonce, gasPrice, gas, to, value, data, chainId, 0, 0]) for legacy.
 */
export function serializeUnsigned(plan: EvmTxPlan): Hex {
  return serializeTransaction(toSerializable(plan));
}

/** Keccak-256 of the unsigned serialization: what the sender signs. */
export function signingHash(plan: EvmTxPlan): Hex {
  return keccak256(serializeUnsigned(plan));
}

export class SignedTxMismatchError extends Error {
  override readonly name = 'SignedTxMismatchError';
  constructor(readonly field: string) {
    super(`The signed transaction does not match the plan (${field})`);
  }
}

function recoverSender(hash: Hex, r: Hex, s: Hex, recovery: number): Address {
  const sig = new secp256k1.Signature(BigInt(r), BigInt(s), recovery);
  const pub = sig.recoverPublicKey(hexToBytes(hash)).toBytes(false);
  return publicKeyToAddress(toHex(pub));
}

/**
 * Checks the device's signed transaction against the plan and returns it with its hash.
 * Every field must match (type, chainId, nonce, to, value, data, gas and fees) and the signature must
 * recover the plan's sender; otherwise a {@link SignedTxMismatchError} names the first differing field.
 */
export function finalizeSignedTx(plan: EvmTxPlan, rawTx: string): { hash: Hex; raw: Hex } {
  const raw = (rawTx.startsWith('0x') ? rawTx : `0x${rawTx}`).toLowerCase() as Hex;
  let parsed: ReturnType<typeof parseTransaction>;
  try {
    parsed = parseTransaction(raw);
  } catch {
    throw new SignedTxMismatchError('encoding');
  }
  const expect = (field: string, ok: boolean) => {
    if (!ok) throw new SignedTxMismatchError(field);
  };
  expect('type', parsed.type === (plan.fee.type === 'eip1559' ? 'eip1559' : 'legacy'));
  expect('chainId', parsed.chainId === plan.chainId);
  expect('nonce', (parsed.nonce ?? 0) === plan.nonce);
  expect('to', !!parsed.to && parsed.to.toLowerCase() === plan.to.toLowerCase());
  expect('value', (parsed.value ?? 0n) === plan.value);
  expect('data', (parsed.data ?? '0x').toLowerCase() === plan.data.toLowerCase());
  expect('gas', parsed.gas === plan.gas);
  if (plan.fee.type === 'eip1559') {
    expect('maxFeePerGas', parsed.maxFeePerGas === plan.fee.maxFeePerGas);
    expect('maxPriorityFeePerGas', parsed.maxPriorityFeePerGas === plan.fee.maxPriorityFeePerGas);
  } else {
    expect('gasPrice', parsed.gasPrice === plan.fee.gasPrice);
  }
  const { r, s } = parsed;
  expect('signature', !!r && !!s);
  let recovery: number;
  if (parsed.type === 'eip1559') {
    recovery = parsed.yParity ?? -1;
  } else {
    const v = parsed.v ?? 0n;
    // EIP-155: v = chainId × 2 + 35 + recovery.
    recovery = Number(v - BigInt(plan.chainId) * 2n - 35n);
  }
  expect('signature', recovery === 0 || recovery === 1);
  let sender: Address;
  try {
    sender = recoverSender(signingHash(plan), r!, s!, recovery);
  } catch {
    throw new SignedTxMismatchError('signature');
  }
  expect('sender', sender.toLowerCase() === plan.from.toLowerCase());
  return { hash: keccak256(raw), raw };
}
