/**
 * EVM fidelity: a local chain (anvil behind evmFilter.ts) refuses what geth refuses over eth_sendRawTransaction, with
 * geth's code and message (go-ethereum: internal/ethapi/api.go SubmitTransaction, core/txpool/validation.go,
 * core/error.go, core/types/transaction_signing.go, rlp/decode.go, common/hexutil), and no refusal changes the chain:
 * the sender's nonce and balance and the recipient's balance are the same after it, blocks later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatHex, keccak256, numberToHex, serializeTransaction, toRlp, type Hex } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { startEvm, type SideEvmInfo, type StartedEvm } from './node.js';
import { DEFAULT_MNEMONIC, deriveEthAccounts } from '@secux-companion/sim-kit';

const CHAIN_ID = 31337;
const [alice, bob] = deriveEthAccounts(DEFAULT_MNEMONIC, 2, 60);
const signer = privateKeyToAccount(alice!.privateKey);
const to = bob!.address;
let chain: StartedEvm<SideEvmInfo>;
let id = 1;

interface RpcAnswer {
  result?: unknown;
  error?: { code: number; message: string };
}

async function rpcBody(body: unknown): Promise<unknown> {
  const r = await fetch(chain.info.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return r.json();
}
const rpc = (method: string, params: unknown[] = []) =>
  rpcBody({ jsonrpc: '2.0', id: id++, method, params }) as Promise<RpcAnswer>;
const result = async (method: string, params: unknown[] = []) => {
  const r = await rpc(method, params);
  if (r.error) throw new Error(`${method}: ${r.error.message}`);
  return r.result;
};
const send = (raw: string) => rpc('eth_sendRawTransaction', [raw]);
/** The receipt once the node has mined it (automine may lag the hash's answer on a loaded machine), else null. */
async function receipt(hash: Hex): Promise<unknown> {
  for (let i = 0; i < 50; i++) {
    const r = await result('eth_getTransactionReceipt', [hash]);
    if (r !== null) return r;
    await new Promise((done) => setTimeout(done, 100));
  }
  return null;
}

interface State {
  nonce: bigint;
  balance: bigint;
  bobBalance: bigint;
}
const state = async (): Promise<State> => ({
  nonce: BigInt((await result('eth_getTransactionCount', [signer.address, 'latest'])) as string),
  balance: BigInt((await result('eth_getBalance', [signer.address, 'latest'])) as string),
  bobBalance: BigInt((await result('eth_getBalance', [to, 'latest'])) as string),
});
const baseFee = async () =>
  BigInt(((await result('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas: Hex }).baseFeePerGas);
const mine = (blocks = 2) => result('anvil_mine', [`0x${blocks.toString(16)}`]);

/** A transfer to bob at the next nonce with a fee the chain takes, overridable. */
async function transfer(over: Record<string, unknown> = {}): Promise<Hex> {
  const fee = (await baseFee()) * 2n;
  return signer.signTransaction({
    chainId: CHAIN_ID,
    nonce: Number((await state()).nonce),
    to,
    value: 1000n,
    gas: 21_000n,
    maxFeePerGas: fee,
    maxPriorityFeePerGas: 1n,
    ...over,
  } as Parameters<typeof signer.signTransaction>[0]);
}

/** Sends `raw`, expects geth's refusal, and checks that nothing changed, also after blocks. */
async function expectRefused(raw: string, code: number, message: string) {
  const before = await state();
  const r = await send(raw);
  expect(r.error).toEqual({ code, message });
  expect(r.result).toBeUndefined();
  await mine();
  expect(await state()).toEqual(before);
}

beforeAll(async () => {
  const t0 = Date.now();
  chain = await startEvm({
    host: '127.0.0.1',
    port: 0,
    chainId: CHAIN_ID,
    accounts: [alice!, bob!],
    balanceEth: 100,
    blockIntervalMs: 0,
    contracts: false,
    log: () => undefined,
  });
  console.log(`EVM chain (anvil + filter) started in ${Date.now() - t0} ms`);
}, 60_000);

afterAll(async () => {
  await chain?.stop();
});

describe('EVM local chain refuses what geth refuses', () => {
  it('a legacy transaction signed for another chain id: invalid sender (invalid chain id for signer)', async () => {
    const raw = await transfer({
      type: 'legacy',
      chainId: 1,
      gasPrice: (await baseFee()) * 2n,
      maxFeePerGas: undefined,
      maxPriorityFeePerGas: undefined,
    });
    await expectRefused(raw, -32000, `invalid sender: invalid chain id for signer: have 1 want ${CHAIN_ID}`);
  });

  it('a dynamic-fee transaction signed for another chain id: the same refusal', async () => {
    await expectRefused(
      await transfer({ chainId: 56 }),
      -32000,
      `invalid sender: invalid chain id for signer: have 56 want ${CHAIN_ID}`,
    );
  });

  it('a pre-EIP-155 legacy transaction (no chain id): only replay-protected transactions over RPC', async () => {
    const tx = {
      type: 'legacy' as const,
      nonce: Number((await state()).nonce),
      to,
      value: 1000n,
      gas: 21_000n,
      gasPrice: (await baseFee()) * 2n,
    };
    const sig = await sign({ hash: keccak256(serializeTransaction(tx)), privateKey: alice!.privateKey });
    const raw = serializeTransaction(tx, { r: sig.r, s: sig.s, v: 27n + BigInt(sig.yParity ?? 0) });
    await expectRefused(raw, -32000, 'only replay-protected (EIP-155) transactions allowed over RPC');
  });

  it('replaying an already-mined transaction: nonce too low, and it moves nothing again', async () => {
    const raw = await transfer();
    const { nonce } = await state();
    const sent = await send(raw);
    expect(sent).toMatchObject({ result: keccak256(raw) });
    expect(await receipt(keccak256(raw))).toMatchObject({ status: '0x1' });
    await expectRefused(raw, -32000, `nonce too low: next nonce ${nonce + 1n}, tx nonce ${nonce}`);
  });

  it('a nonce gap: queued (its hash answered), never mined until the gap is filled', async () => {
    const before = await state();
    const gapped = await transfer({ nonce: Number(before.nonce) + 1 });
    expect(await send(gapped)).toMatchObject({ result: keccak256(gapped) });
    await mine(3);
    expect(await state()).toEqual(before);
    expect(await result('eth_getTransactionReceipt', [keccak256(gapped)])).toBeNull();
    // filling the gap mines both
    expect((await send(await transfer())).error).toBeUndefined();
    await mine();
    expect((await state()).nonce).toBe(before.nonce + 2n);
    expect(await result('eth_getTransactionReceipt', [keccak256(gapped)])).toMatchObject({ status: '0x1' });
  });

  it('overspending: insufficient funds for gas * price + value, with geth’s balance, cost and overshoot', async () => {
    const { balance } = await state();
    const fee = (await baseFee()) * 2n;
    const raw = await transfer({ value: balance, maxFeePerGas: fee });
    const cost = fee * 21_000n + balance;
    await expectRefused(
      raw,
      -32000,
      `insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`,
    );
  });

  it('a fee over geth’s RPC fee cap (1 ether): refused before the pool', async () => {
    const raw = await transfer({ maxFeePerGas: 100_000n * 10n ** 9n }); // 2.1 ether of fee
    await expectRefused(raw, -32000, 'tx fee (2.10 ether) exceeds the configured cap (1.00 ether)');
  });

  it('a priority fee above the fee cap: refused', async () => {
    // signed by hand: viem will not serialize it
    const n = (x: bigint | number) => (BigInt(x) === 0n ? '0x' : numberToHex(x));
    const fields = [
      n(CHAIN_ID),
      n((await state()).nonce),
      n(3n * 10n ** 9n),
      n(2n * 10n ** 9n),
      n(21_000n),
      to,
      n(1000n),
      '0x',
      [],
    ] as const;
    const sig = await sign({
      hash: keccak256(concatHex(['0x02', toRlp(fields as never)])),
      privateKey: alice!.privateKey,
    });
    const raw = concatHex([
      '0x02',
      toRlp([...fields, n(sig.yParity ?? 0), n(BigInt(sig.r)), n(BigInt(sig.s))] as never),
    ]);
    await expectRefused(raw, -32000, 'max priority fee per gas higher than max fee per gas');
  });

  it('a fee cap below the base fee: geth’s pool accepts it (its hash) and it is not mined while the base fee is higher', async () => {
    // geth's txpool has no base-fee check at admission (core.ErrFeeCapTooLow is a block-building / eth_call error);
    // the miner skips the transaction until the base fee falls to its cap.
    const before = await state();
    const raw = await transfer({ maxFeePerGas: 1n, maxPriorityFeePerGas: 1n });
    expect(await send(raw)).toMatchObject({ result: keccak256(raw) });
    expect(await send(raw)).toMatchObject({ error: { code: -32000, message: 'already known' } });
    await mine(3);
    expect(await state()).toEqual(before);
    // a payable transaction at the same nonce goes through; the held one is then stale
    expect((await send(await transfer())).error).toBeUndefined();
    await mine();
    expect((await state()).nonce).toBe(before.nonce + 1n);
  });

  it('a gas limit below 21000: intrinsic gas too low, with gas and the minimum', async () => {
    await expectRefused(
      await transfer({ gas: 20_000n }),
      -32000,
      'intrinsic gas too low: gas 20000, minimum needed 21000',
    );
  });

  it.each([
    ['0xdeadbeef', -32000, 'rlp: value size exceeds available input length'],
    ['0x', -32000, 'typed transaction too short'],
    ['0x1234', -32000, 'transaction type not supported'],
    ['0xc0', -32000, 'rlp: too few elements for types.LegacyTx'],
    [
      'deadbeef',
      -32602,
      'invalid argument 0: json: cannot unmarshal hex string without 0x prefix into Go value of type hexutil.Bytes',
    ],
    [
      '0xabc',
      -32602,
      'invalid argument 0: json: cannot unmarshal hex string of odd length into Go value of type hexutil.Bytes',
    ],
  ] as const)('garbage %s: %s %s', async (raw, code, message) => {
    await expectRefused(raw, code, message);
  });

  it('a batch: a refused send answered in its place, the other calls forwarded in order', async () => {
    const before = await state();
    const bad = await transfer({ gas: 20_000n });
    const answers = (await rpcBody([
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 'b', method: 'eth_sendRawTransaction', params: [bad] },
      { jsonrpc: '2.0', id: 'c', method: 'eth_getTransactionCount', params: [signer.address, 'latest'] },
    ])) as (RpcAnswer & { id: string })[];
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 'a', result: `0x${CHAIN_ID.toString(16)}` },
      {
        jsonrpc: '2.0',
        id: 'b',
        error: { code: -32000, message: 'intrinsic gas too low: gas 20000, minimum needed 21000' },
      },
      { jsonrpc: '2.0', id: 'c', result: `0x${before.nonce.toString(16)}` },
    ]);
    expect(await state()).toEqual(before);
  });
});

describe('the filter answers the browser as anvil does', () => {
  it('a preflight and a call from a page of another origin get CORS answers (the web app calls custom chains itself)', async () => {
    const pre = await fetch(chain.info.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const r = await fetch(chain.info.rpcUrl, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await r.json()) as { result: string }).result).toBe(`0x${CHAIN_ID.toString(16)}`);
  });
});
