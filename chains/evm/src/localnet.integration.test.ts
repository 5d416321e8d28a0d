/**
 * Integration: the EVM logic against the localnet anvil node (chain 31337). Each send is built by the
 * adapter (fees, nonce, gas estimate, unsigned serialization), signed in-test with viem using the key of
 * m/44'/60'/0'/0/0 of the test mnemonic (what the device would do), finalized (plan check + sender
 * recovery), broadcast over JSON-RPC and seen mined. Covers ETH, LUSD (ERC-20), an LPUNK (ERC-721) and
 * LITEM (ERC-1155), plus a legacy EIP-155 send, the token lookup, the token balance batch and the nonce.
 */
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MNEMONIC, deriveEthAccounts, freePort } from '@secux-companion/sim-kit';
import { compileContracts, startEvm, type EvmInfo, type StartedEvm } from './sim/index.js';
import {
  decodeFunctionResult,
  encodeFunctionData,
  keccak256,
  parseAbi,
  parseTransaction,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvmAdapter, type EvmAdapter, type EvmSendDraft, type EvmSigner } from './logic/adapter';
import { nativeEvmChain } from './logic/chains';
import { jsonRpcClient, createJsonRpcBackend } from './network/jsonRpc';
import type { AccountDescriptor } from '@secux-companion/chain-common';

const ACCOUNT0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const RECIPIENT = '0x000000000000000000000000000000000000dEaD';
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const LPUNK = '0x7f5BF9fC3e8d048947893991358c0A67738484bc';
const LITEM = '0x553dF85af3414C983ba22fFcB12A22D50700e685';

let net: StartedEvm<EvmInfo>;
let adapter: EvmAdapter;
let rpc: ReturnType<typeof jsonRpcClient>;
const key = deriveEthAccounts(DEFAULT_MNEMONIC, 1)[0]!;
const wallet = privateKeyToAccount(key.privateKey);
const account: AccountDescriptor = {
  chain: 'ETH',
  index: 0,
  bip: 44,
  path: "m/44'/60'/0'",
  address: ACCOUNT0,
};
const signedPaths: string[] = [];

/** Stands in for the device: signs the serialized unsigned transaction with the test key. */
const signer: EvmSigner = {
  async signEth(p, unsignedTx) {
    signedPaths.push(p);
    return { rawTx: await wallet.signTransaction(parseTransaction(unsignedTx as Hex) as never) };
  },
};

/** The receipt once the node has mined the transaction (anvil's automine may answer the send a moment before). */
async function receiptOf(hash: string): Promise<unknown> {
  for (let i = 0; i < 100; i++) {
    const r = await rpc.call('eth_getTransactionReceipt', [hash]);
    if (r) return r;
    await new Promise((done) => setTimeout(done, 50));
  }
  return null;
}

async function send(draft: EvmSendDraft) {
  const built = await adapter.build(account, draft);
  const signed = adapter.finalize(built, await adapter.sign(signer, built));
  const hash = await adapter.broadcast(signed);
  expect(hash.toLowerCase()).toBe(signed.hash.toLowerCase());
  const receipt = (await receiptOf(hash)) as {
    status: string;
    blockNumber: string;
  } | null;
  expect(receipt?.status).toBe('0x1');
  return { built, receipt: receipt! };
}

const call = async (to: string, data: Hex) => (await rpc.call('eth_call', [{ to, data }, 'latest'])) as Hex;

beforeAll(async () => {
  // The family's own local chain (the main anvil with the token contracts), nothing else of the local network.
  net = await startEvm({
    host: '127.0.0.1',
    port: await freePort(),
    chainId: 31337,
    accounts: deriveEthAccounts(DEFAULT_MNEMONIC, 5),
    balanceEth: 100,
    blockIntervalMs: 0,
    log: () => undefined,
    artifacts: compileContracts(path.join(os.tmpdir(), 'secux-localnet-cache')).artifacts,
  });
  rpc = jsonRpcClient(net.info.rpcUrl);
  const backend = createJsonRpcBackend({ chainId: net.info.chainId, rpcs: [net.info.rpcUrl] });
  adapter = createEvmAdapter(nativeEvmChain('ETH', { chainId: net.info.chainId, explorer: false }), backend);
}, 120_000);

afterAll(async () => {
  await net?.stop();
});

describe('EVM logic on the localnet chain', () => {
  it("the test key is the emulator account m/44'/60'/0'/0/0", () => {
    expect(wallet.address).toBe(ACCOUNT0);
    expect(net.info.contracts).toEqual({ erc20: LUSD, erc721: LPUNK, erc1155: LITEM });
  });

  it('account state, fees and the token lookup', async () => {
    const state = await adapter.getAccountState(account);
    expect(state.balance).toBeGreaterThan(0n);
    const fees = await adapter.getFees();
    expect(fees.unit).toBe('Gwei');
    expect(fees.tiers.high).toBeGreaterThan(0);
    expect(await adapter.lookupToken(LUSD.toLowerCase())).toEqual({
      contract: LUSD,
      name: 'Local USD',
      symbol: 'LUSD',
      decimals: 6,
    });
    await expect(adapter.lookupToken(RECIPIENT)).rejects.toMatchObject({ code: 'invalidTokenContract' });
  });

  it('sends ETH (coin) and sees it mined', async () => {
    const before = BigInt((await rpc.call('eth_getBalance', [RECIPIENT, 'latest'])) as string);
    const { built } = await send({
      intent: { kind: 'coin', to: RECIPIENT, amount: 10n ** 16n },
      feeMode: 'medium',
    });
    expect(built.unsigned.gas).toBe(21_000n);
    expect(signedPaths.at(-1)).toBe("m/44'/60'/0'/0/0");
    const after = BigInt((await rpc.call('eth_getBalance', [RECIPIENT, 'latest'])) as string);
    expect(after - before).toBe(10n ** 16n);
  });

  it('sends ETH as a legacy EIP-155 transaction (Custom fee on a legacy tier)', async () => {
    const gasPrice = BigInt((await rpc.call('eth_gasPrice', [])) as string);
    const fees = {
      tiers: {
        high: { type: 'legacy' as const, gasPrice },
        medium: { type: 'legacy' as const, gasPrice },
        low: { type: 'legacy' as const, gasPrice },
      },
      source: 'gasPrice' as const,
    };
    const { built } = await send({
      intent: { kind: 'coin', to: RECIPIENT, amount: 1n },
      feeMode: 'low',
      fees,
    });
    expect(built.signRequest.unsignedTx.startsWith('0x02')).toBe(false);
  });

  it('sends LUSD (ERC-20) and the token balance batch shows it', async () => {
    // Blocks with tips exist now: the tiers come from eth_feeHistory and the send is EIP-1559.
    expect((await adapter.getEvmFees()).source).toBe('feeHistory');
    const balances = await adapter.getTokenBalances(ACCOUNT0, [LUSD]);
    const mine = balances.get(LUSD)!;
    expect(mine).toBeGreaterThan(1_500_000n);
    await send({
      intent: { kind: 'token', contract: LUSD, to: RECIPIENT, amount: 1_500_000n },
      feeMode: 'medium',
    });
    expect((await adapter.getTokenBalances(RECIPIENT, [LUSD])).get(LUSD)).toBe(1_500_000n);
    expect((await adapter.getTokenBalances(ACCOUNT0, [LUSD])).get(LUSD)).toBe(mine - 1_500_000n);
  });

  it('sends an LPUNK (ERC-721 safeTransferFrom)', async () => {
    const abi = parseAbi(['function ownerOf(uint256) view returns (address)']);
    await send({
      intent: { kind: 'nft', standard: 'ERC721', contract: LPUNK, tokenId: 1n, to: RECIPIENT },
      feeMode: 'high',
    });
    const owner = decodeFunctionResult({
      abi,
      functionName: 'ownerOf',
      data: await call(LPUNK, encodeFunctionData({ abi, functionName: 'ownerOf', args: [1n] })),
    });
    expect(owner).toBe(RECIPIENT);
  });

  it('sends 2 LITEM id 1 (ERC-1155 safeTransferFrom)', async () => {
    const abi = parseAbi(['function balanceOf(address, uint256) view returns (uint256)']);
    const bal = async (who: Hex) =>
      decodeFunctionResult({
        abi,
        functionName: 'balanceOf',
        data: await call(LITEM, encodeFunctionData({ abi, functionName: 'balanceOf', args: [who, 1n] })),
      });
    await send({
      intent: { kind: 'nft', standard: 'ERC1155', contract: LITEM, tokenId: 1n, amount: 2n, to: RECIPIENT },
      feeMode: 'low',
    });
    expect(await bal(RECIPIENT)).toBe(2n);
    expect(await bal(ACCOUNT0)).toBe(8n);
  });

  it('send-all leaves only the unused part of the reserved fee; the nonce follows', async () => {
    const nonce = await adapter.getNonce(ACCOUNT0);
    expect(nonce).toBe(5);
    const other = deriveEthAccounts(DEFAULT_MNEMONIC, 2)[1]!;
    const otherWallet = privateKeyToAccount(other.privateKey);
    const otherAdapterAccount: AccountDescriptor = {
      chain: 'ETH',
      index: 1,
      bip: 44,
      path: "m/44'/60'/1'",
      address: other.address,
    };
    const built = await adapter.build(otherAdapterAccount, {
      intent: { kind: 'coin', to: RECIPIENT, amount: 0n },
      feeMode: 'medium',
      sendAll: true,
    });
    const raw = await otherWallet.signTransaction(parseTransaction(built.signRequest.unsignedTx) as never);
    const hash = await adapter.broadcast(adapter.finalize(built, { rawTx: raw }));
    const receipt = (await receiptOf(hash)) as {
      status: string;
      gasUsed: string;
      effectiveGasPrice: string;
    };
    expect(receipt.status).toBe('0x1');
    const left = BigInt((await rpc.call('eth_getBalance', [other.address, 'latest'])) as string);
    expect(left).toBe(built.details.networkFee - BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice));
  });

  it("a transaction the chain runs and reverts is reported 'failed' (spec 01 'transaction failed'); a mined one 'confirmed'", async () => {
    // LUSD.transfer of more than account 0 holds: the node accepts the signed transaction, mines it, and it reverts.
    const data = encodeFunctionData({
      abi: parseAbi(['function transfer(address to, uint256 amount) returns (bool)']),
      functionName: 'transfer',
      args: [RECIPIENT, 10n ** 30n],
    });
    const nonce = Number(
      BigInt((await rpc.call('eth_getTransactionCount', [ACCOUNT0, 'pending'])) as string),
    );
    const gasPrice = BigInt((await rpc.call('eth_gasPrice', [])) as string);
    const raw = await wallet.signTransaction({
      chainId: net.info.chainId,
      nonce,
      to: LUSD,
      data,
      gas: 100_000n,
      gasPrice,
      type: 'legacy',
    });
    const hash = keccak256(raw);
    // the node mines it at once (automine); whether it also answers the revert does not matter here
    await rpc.call('eth_sendRawTransaction', [raw]).catch(() => undefined);
    await expect(adapter.transactionOutcome(hash)).resolves.toBe('failed');

    const ok = await send({ intent: { kind: 'coin', to: RECIPIENT, amount: 1n }, feeMode: 'medium' });
    await expect(
      adapter.transactionOutcome((ok.receipt as unknown as { transactionHash: string }).transactionHash),
    ).resolves.toBe('confirmed');
    // never broadcast: no receipt
    await expect(adapter.transactionOutcome(`0x${'ab'.repeat(32)}`)).resolves.toBe('pending');
  });
});
