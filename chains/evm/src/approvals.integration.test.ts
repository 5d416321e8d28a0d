/**
 * Integration (issue 32): the approvals of the local chain's approvals account (m/44'/60'/4'), found by the server's
 * facade from the node's events (block scan) and checked against the contracts now, then one revoked by a
 * transaction the adapter builds (approve(spender, 0)), signed with the account's key as the device would, and
 * broadcast: the allowance reads 0 and the approval is gone from the answer.
 */
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MNEMONIC, deriveEthAccounts, freePort } from '@secux-companion/sim-kit';
import { encodeFunctionData, erc20Abi, parseTransaction, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVALS_OWNER_INDEX,
  APPROVAL_LUSD_AMOUNT,
  APPROVAL_SPENDERS,
  compileContracts,
  startEtherscanExplorer,
  startEvm,
  type EtherscanExplorer,
  type EvmInfo,
  type StartedEvm,
} from './sim/index.js';
import { createEvmAdapter } from './logic/adapter';
import { revokeIntent } from './logic/approvals';
import { nativeEvmChain } from './logic/chains';
import { createJsonRpcBackend, jsonRpcClient } from './network/jsonRpc';
import { EvmFacade } from './server/facade.js';
import { createEtherscan } from './server/providers/etherscan.js';
import { createEvmBlockScan } from './server/providers/evmBlockScan.js';
import { createEvmRpc, createEvmRpcPool } from './server/providers/evmRpc.js';

let net: StartedEvm<EvmInfo>;
let facade: EvmFacade;
/** The same chain behind the Etherscan-compatible explorer stand-in (its logs module), no block scan. */
let viaExplorer: EvmFacade;
let explorer: EtherscanExplorer;
const key = deriveEthAccounts(DEFAULT_MNEMONIC, APPROVALS_OWNER_INDEX + 1)[APPROVALS_OWNER_INDEX]!;
const owner = privateKeyToAccount(key.privateKey);

beforeAll(async () => {
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
  const url = net.info.rpcUrl;
  const o = { name: 'local', url, fetch, timeoutMs: 10_000, chainId: net.info.chainId };
  facade = new EvmFacade({
    chain: 'ETH',
    chainId: net.info.chainId,
    pool: createEvmRpcPool([createEvmRpc(o)]),
    explorers: [],
    scans: [createEvmBlockScan({ ...o, nftFromBlock: 0 })],
  });
  explorer = await startEtherscanExplorer({ rpcUrl: url });
  viaExplorer = new EvmFacade({
    chain: 'ETH',
    chainId: net.info.chainId,
    pool: createEvmRpcPool([createEvmRpc(o)]),
    explorers: [
      createEtherscan({
        name: 'explorer',
        url: `${explorer.url}/v2/api`,
        chainId: net.info.chainId,
        fetch,
        timeoutMs: 10_000,
      }),
    ],
  });
}, 120_000);

afterAll(async () => {
  await explorer?.stop();
  await net?.stop();
});

describe('approvals on the local chain', () => {
  it('the account keeps its 100 ETH: only its nonce shows it approved', async () => {
    const rpc = jsonRpcClient(net.info.rpcUrl);
    expect(BigInt((await rpc.call('eth_getBalance', [owner.address, 'latest'])) as string)).toBe(10n ** 20n);
  });

  it('lists exactly the live approvals (the ended ones are not), with the amounts the contracts hold', async () => {
    const r = await facade.approvals(owner.address);
    const { a, b } = APPROVAL_SPENDERS;
    const c = net.info.contracts;
    expect(
      r.approvals
        .map((x) => [x.kind, x.contract, x.spender, x.allowance])
        .sort((p, q) => String(p).localeCompare(String(q))),
    ).toEqual(
      [
        ['ERC20', c.erc20, a, (2n ** 256n - 1n).toString()],
        ['ERC20', c.erc20, b, APPROVAL_LUSD_AMOUNT.toString()],
        ['ERC721', c.erc721, a, undefined],
        ['ERC1155', c.erc1155, b, undefined],
      ].sort((p, q) => String(p).localeCompare(String(q))),
    );
    expect(r.approvals.find((x) => x.kind === 'ERC20')?.token).toEqual({
      name: 'Local USD',
      symbol: 'LUSD',
      decimals: 6,
    });
    expect(r.truncated).toBe(false);
    // The explorer path (logs module) finds the same ones.
    const e = await viaExplorer.approvals(owner.address);
    expect(e.provider).toBe('explorer');
    expect(e.approvals).toEqual(r.approvals);
  });

  it('a revoke built by the adapter and signed with the key ends the allowance (reads 0) and leaves the list', async () => {
    const backend = createEvmJsonBackend();
    const adapter = createEvmAdapter(
      nativeEvmChain('ETH', { chainId: net.info.chainId, explorer: false }),
      backend,
    );
    const account = {
      chain: 'ETH' as const,
      index: APPROVALS_OWNER_INDEX,
      bip: 44 as const,
      path: "m/44'/60'/4'",
      address: owner.address,
    };
    const approval = {
      kind: 'ERC20' as const,
      contract: net.info.contracts.erc20,
      spender: APPROVAL_SPENDERS.a,
    };
    const built = await adapter.build(account, { intent: revokeIntent(approval), feeMode: 'medium' });
    const signed = adapter.finalize(built, {
      rawTx: await owner.signTransaction(parseTransaction(built.signRequest.unsignedTx) as never),
    });
    const hash = await adapter.broadcast(signed);
    const rpc = jsonRpcClient(net.info.rpcUrl);
    for (let i = 0; i < 100 && !(await rpc.call('eth_getTransactionReceipt', [hash])); i++)
      await new Promise((done) => setTimeout(done, 50));
    const allowance = (await rpc.call('eth_call', [
      {
        to: net.info.contracts.erc20,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner.address, APPROVAL_SPENDERS.a],
        }),
      },
      'latest',
    ])) as Hex;
    expect(BigInt(allowance)).toBe(0n);
    const after = await facade.approvals(owner.address);
    expect(after.approvals.some((x) => x.kind === 'ERC20' && x.spender === APPROVAL_SPENDERS.a)).toBe(false);
    expect(after.approvals).toHaveLength(3);
  });
});

function createEvmJsonBackend() {
  return createJsonRpcBackend({ chainId: net.info.chainId, rpcs: [net.info.rpcUrl] });
}
