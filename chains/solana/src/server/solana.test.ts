/**
 * The Solana family against fake JSON-RPC nodes on loopback answering the shapes of reference/apis/
 * solana-jsonrpc.md, served by the generic routes and the family's own: a random node first with one retry on the
 * other, the account with both token programs' accounts, a mint with its Token-2022 transfer fee, rent, priority
 * fees, the blockhash routes, broadcast (preflight BlockhashNotFound is a rejection with its reason), bounds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { SOLANA_MAINNET_GENESIS_HASH } from './genesis.js';
import { solanaFamily } from './index.js';
import { transferInstructions, unsignedTransaction } from '../logic/tx';

const ME = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';
const OTHER = '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MINT22 = '7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi';
const TA = 'BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN22 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const SIG = '5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv';
const BH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';
const SIG2 = '4SGiTzJ5WMzJiD9nHXvYqfVJ2G9UyhNtBoGU2Q2xxgGHSJmEKvH8RJnBvCE3CzK9U3T8PfZJPkd4qb95gB9yQPv1';

const ctx = (value: unknown) => ({ context: { slot: 2792, apiVersion: '2.0.15' }, value });
const calls: { node: number; method: string; params: unknown[] }[] = [];
let balanceValue: unknown = 5_000_000_000;
let sendError: unknown = null;
let usdcSupply = '9000000000000000';

function answer(method: string, params: unknown[]): unknown {
  switch (method) {
    case 'getGenesisHash':
      return SOLANA_MAINNET_GENESIS_HASH; // the mainnet profile's chain check
    case 'getBalance':
      return ctx(balanceValue);
    case 'getSignaturesForAddress':
      if (params[0] === TA)
        return [
          {
            signature: SIG2,
            slot: 120,
            err: null,
            memo: null,
            blockTime: 1_700_000_100,
            confirmationStatus: 'finalized',
          },
        ];
      return [
        {
          signature: SIG,
          slot: 114,
          err: null,
          memo: null,
          blockTime: 1_700_000_000,
          confirmationStatus: 'finalized',
        },
      ];
    case 'getTokenAccountsByOwner': {
      const program = (params[1] as { programId: string }).programId;
      const is22 = program === TOKEN22;
      return ctx([
        {
          pubkey: TA,
          account: {
            lamports: 2039280,
            owner: program,
            executable: false,
            rentEpoch: 18446744073709552000,
            space: is22 ? 182 : 165,
            data: {
              program: is22 ? 'spl-token-2022' : 'spl-token',
              space: is22 ? 182 : 165,
              parsed: {
                type: 'account',
                info: {
                  isNative: false,
                  mint: is22 ? MINT22 : USDC,
                  owner: ME,
                  state: 'initialized',
                  tokenAmount: {
                    amount: '420000000000000',
                    decimals: 6,
                    uiAmount: 420000000.0,
                    uiAmountString: '420000000',
                  },
                  ...(is22
                    ? {
                        extensions: [
                          { extension: 'immutableOwner' },
                          { extension: 'transferFeeAmount', state: { withheldAmount: 0 } },
                        ],
                      }
                    : {}),
                },
              },
            },
          },
        },
      ]);
    }
    case 'getAccountInfo':
      if (params[0] === MINT22)
        return ctx({
          lamports: 4_000_000,
          owner: TOKEN22,
          executable: false,
          rentEpoch: 18446744073709552000,
          space: 278,
          data: {
            program: 'spl-token-2022',
            space: 278,
            parsed: {
              type: 'mint',
              info: {
                decimals: 2,
                supply: '1000000000000000',
                isInitialized: true,
                mintAuthority: ME,
                freezeAuthority: null,
                extensions: [
                  {
                    extension: 'transferFeeConfig',
                    state: {
                      newerTransferFee: { epoch: 700, maximumFee: 500, transferFeeBasisPoints: 250 },
                      olderTransferFee: { epoch: 0, maximumFee: 500, transferFeeBasisPoints: 100 },
                      transferFeeConfigAuthority: ME,
                      withdrawWithheldAuthority: ME,
                      withheldAmount: 0,
                    },
                  },
                  {
                    extension: 'tokenMetadata',
                    state: {
                      name: 'Fee Token',
                      symbol: 'FEE',
                      uri: '',
                      updateAuthority: ME,
                      mint: MINT22,
                      additionalMetadata: [],
                    },
                  },
                ],
              },
            },
          },
        });
      if (params[0] === USDC)
        return ctx({
          lamports: 1_461_600,
          owner: TOKEN,
          executable: false,
          rentEpoch: 0,
          space: 82,
          data: {
            program: 'spl-token',
            space: 82,
            parsed: {
              type: 'mint',
              info: { decimals: 6, supply: usdcSupply, isInitialized: true, mintAuthority: OTHER },
            },
          },
        });
      if (params[0] === TA)
        return ctx({
          lamports: 2039280,
          owner: TOKEN22,
          executable: false,
          rentEpoch: 0,
          space: 182,
          data: {
            program: 'spl-token-2022',
            space: 182,
            parsed: {
              type: 'account',
              info: {
                mint: MINT22,
                owner: OTHER,
                state: 'initialized',
                tokenAmount: { amount: '0', decimals: 2 },
                extensions: [{ extension: 'memoTransfer', state: { requireIncomingTransferMemos: true } }],
              },
            },
          },
        });
      return ctx(null);
    case 'getMultipleAccounts':
      return ctx(
        (params[0] as string[]).map((k) => (answer('getAccountInfo', [k]) as { value: unknown }).value),
      );
    case 'getEpochInfo':
      return { absoluteSlot: 166598, blockHeight: 166500, epoch: 27, slotIndex: 2790, slotsInEpoch: 8192 };
    case 'getMinimumBalanceForRentExemption':
      return params[0] === 165 ? 2039280 : 890880;
    case 'getRecentPrioritizationFees':
      return [
        { slot: 348125, prioritizationFee: 0 },
        { slot: 348126, prioritizationFee: 1000 },
        { slot: 348127, prioritizationFee: 500 },
        { slot: 348128, prioritizationFee: 0 },
      ];
    case 'getLatestBlockhash':
      return ctx({ blockhash: BH, lastValidBlockHeight: 3090 });
    case 'getBlockHeight':
      return 2940;
    case 'isBlockhashValid':
      return ctx(params[0] === BH);
    case 'simulateTransaction': {
      // With `accounts`: the states this fake node claims after the simulation — unchanged, which no fee allows.
      const asked = (params[1] as { accounts?: { addresses: string[] } }).accounts?.addresses;
      const accounts = asked
        ? asked.map((k) => (answer('getAccountInfo', [k]) as { value: unknown }).value)
        : null;
      return ctx({ err: null, logs: [], accounts, unitsConsumed: 4500, returnData: null });
    }
    case 'getFeeForMessage':
      return ctx(5000);
    case 'sendTransaction':
      return SIG;
    case 'getTransaction':
      if (params[0] === SIG2)
        return {
          slot: 120,
          blockTime: 1_700_000_100,
          meta: {
            fee: 5000,
            err: null,
            preBalances: [10_000_000, 2_039_280, 1],
            postBalances: [9_995_000, 2_039_280, 1],
            preTokenBalances: [
              {
                accountIndex: 1,
                mint: USDC,
                owner: ME,
                programId: TOKEN,
                uiTokenAmount: { amount: '0', decimals: 6 },
              },
            ],
            postTokenBalances: [
              {
                accountIndex: 1,
                mint: USDC,
                owner: ME,
                programId: TOKEN,
                uiTokenAmount: { amount: '7000000', decimals: 6 },
              },
            ],
          },
          transaction: {
            signatures: [SIG2],
            message: {
              accountKeys: [
                { pubkey: OTHER, signer: true, writable: true },
                { pubkey: TA, signer: false, writable: true },
                { pubkey: TOKEN, signer: false, writable: false },
              ],
            },
          },
        };
      return {
        slot: 114,
        blockTime: 1_700_000_000,
        meta: {
          fee: 5000,
          err: null,
          preBalances: [10_000_000, 0, 1],
          postBalances: [8_995_000, 1_000_000, 1],
          preTokenBalances: [],
          postTokenBalances: [],
        },
        transaction: {
          signatures: [SIG],
          message: {
            accountKeys: [
              { pubkey: ME, signer: true, writable: true },
              { pubkey: OTHER, signer: false, writable: true },
              { pubkey: '11111111111111111111111111111111', signer: false, writable: false },
            ],
          },
        },
      };
  }
  return undefined;
}

const nodes: Server[] = [];
let down = false;
async function node(i: number): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { method, params } = JSON.parse(body) as { method: string; params: unknown[] };
      calls.push({ node: i, method, params });
      if (i === 0 && down) {
        res.writeHead(503).end('busy');
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (method === 'sendTransaction' && sendError) {
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: sendError }));
        return;
      }
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: answer(method, params) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  nodes.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let app: FastifyInstance;
beforeAll(async () => {
  const urls = [await node(0), await node(1)];
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: { CHAIN_SOL_RPC: urls.join(',') },
    families: [solanaFamily],
  });
  app = Fastify({ logger: false });
  await app.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
    prefix: '/api',
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  for (const s of nodes) s.close();
});
beforeEach(() => {
  calls.length = 0;
  down = false;
  balanceValue = 5_000_000_000;
  sendError = null;
  usdcSupply = '9000000000000000';
});

const get = (url: string) => app.inject({ method: 'GET', url: `/api/chains/SOL${url}` });
const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/chains/SOL${url}`, payload });

describe('Solana product API', () => {
  it('account: balance, the signatures count (limit 25) and both token programs, names by list or the mint (unverified)', async () => {
    const r = await get(`/account/${ME}`);
    expect(r.statusCode).toBe(200);
    const a = r.json();
    expect(a).toMatchObject({ balance: '5000000000', txCount: 1 });
    expect(a.tokenAccounts).toEqual([
      {
        tokenAccount: TA,
        mint: USDC,
        program: 'spl-token',
        amount: '420000000000000',
        decimals: 6,
        frozen: false,
        nonTransferable: false,
        symbol: 'USDC',
        name: 'USD Coin',
        unverified: false,
      },
      {
        tokenAccount: TA,
        mint: MINT22,
        program: 'spl-token-2022',
        amount: '420000000000000',
        decimals: 6,
        frozen: false,
        nonTransferable: false,
        // the mint's own Token-2022 TokenMetadata: anyone's words, not the server's list
        symbol: 'FEE',
        name: 'Fee Token',
        unverified: true,
      },
    ]);
    expect(calls.find((c) => c.method === 'getSignaturesForAddress')!.params[1]).toMatchObject({ limit: 25 });
    const programs = calls
      .filter((c) => c.method === 'getTokenAccountsByOwner')
      .map((c) => (c.params[1] as { programId: string }).programId);
    expect(programs.sort()).toEqual([TOKEN, TOKEN22].sort());
    expect(
      calls
        .filter((c) => c.method === 'getTokenAccountsByOwner')
        .every((c) => (c.params[2] as { encoding: string }).encoding === 'jsonParsed'),
    ).toBe(true);
  });

  it('asks a random node first and retries once on the other', async () => {
    down = true;
    for (let i = 0; i < 6; i++)
      expect((await get(`/rent/165`)).json()).toMatchObject({ lamports: '2039280' });
    // node 0 failed whenever it was picked; node 1 answered every time (besides its one genesis-hash check, made
    // whenever a test first reaches it)
    const rents = calls.filter((c) => c.method === 'getMinimumBalanceForRentExemption');
    expect(rents.filter((c) => c.node === 1)).toHaveLength(6);
  });

  it('an out-of-bounds balance is malformed: the other node is asked and the client never sees it', async () => {
    balanceValue = -5;
    const r = await get(`/account/${ME}`);
    expect(r.statusCode).toBe(502);
    expect(r.json()).toMatchObject({ code: 'upstream_failed' });
    expect(r.body).not.toContain('-5');
  });

  it('a mint: program, decimals, the transfer fee in force this epoch and TokenMetadata', async () => {
    const r = await get(`/mint/${MINT22}`);
    expect(r.json()).toMatchObject({
      mint: MINT22,
      program: 'spl-token-2022',
      decimals: 2,
      extensions: ['transferFeeConfig', 'tokenMetadata'],
      transferFee: { basisPoints: 100, maximumFee: '500' },
      nonTransferable: false,
      symbol: 'FEE',
      name: 'Fee Token',
      unverified: true,
    });
    expect((await get(`/mint/${USDC}`)).json()).toMatchObject({ symbol: 'USDC', unverified: false });
    expect((await get(`/mint/${OTHER}`)).statusCode).toBe(404);
  });

  it("a token balance above its mint's supply is refused (every node claiming it: 502, the lie unseen)", async () => {
    usdcSupply = '420000000000000'; // exactly the balance: served
    expect((await get(`/account/${ME}`)).statusCode).toBe(200);
    usdcSupply = '419999999999999'; // both nodes claim more than exists
    const r = await get(`/account/${ME}`);
    expect(r.statusCode).toBe(502);
    expect(r.json()).toMatchObject({ code: 'upstream_failed' });
    expect(r.body).not.toContain('420000000000000');
  });

  it('an address: a memo-required Token-2022 account, and a missing one', async () => {
    expect((await get(`/address/${TA}`)).json()).toMatchObject({
      exists: true,
      owner: TOKEN22,
      mint: MINT22,
      memoRequired: true,
      space: 182,
    });
    expect((await get(`/address/${OTHER}`)).json()).toMatchObject({ exists: false, memoRequired: false });
  });

  it('fees in micro-lamports per CU from the recent prioritization fees; priority fees of the accounts written', async () => {
    expect((await get('/fees')).json()).toMatchObject({
      unit: 'micro-lamports/CU',
      tiers: { high: 1000, medium: 750, low: 500 },
    });
    const r = await post('/priority-fees', { accounts: [ME, OTHER] });
    expect(r.json()).toMatchObject({ fees: [0, 1000, 500, 0] });
    expect(calls.at(-1)!.params).toEqual([[ME, OTHER]]);
    expect((await post('/priority-fees', { accounts: ['nope'] })).statusCode).toBe(400);
  });

  it('blockhash with the block height, validity, simulation', async () => {
    expect((await get('/blockhash')).json()).toMatchObject({
      blockhash: BH,
      lastValidBlockHeight: 3090,
      blockHeight: 2940,
    });
    expect((await get(`/blockhash/${BH}`)).json()).toMatchObject({ valid: true, blockHeight: 2940 });
    expect((await get(`/blockhash/${OTHER}`)).json()).toMatchObject({ valid: false });
    expect((await post('/simulate', { tx: 'AQID' })).json()).toMatchObject({
      unitsConsumed: 4500,
      err: null,
    });
    expect(calls.find((c) => c.method === 'simulateTransaction')!.params[1]).toMatchObject({
      sigVerify: false,
      replaceRecentBlockhash: true,
      encoding: 'base64',
    });
  });

  it('balance changes: a node whose simulated states do not pay the fee is not believed; a non-transaction is refused', async () => {
    const tx = unsignedTransaction(
      ME,
      BH,
      transferInstructions({ kind: 'sol', from: ME, to: OTHER, lamports: 1000n }),
    );
    const r = await post('/simulate-changes', { tx });
    // The node claims nothing left the accounts while the fee is 5000 lamports: malformed, the client never sees it
    // (the other node, busy or as wrong, answers nothing better).
    expect(r.statusCode).toBe(502);
    expect(r.json().attempts.map((a: { kind: string }) => a.kind)).toContain('malformed');
    const sims = calls.filter((c) => c.method === 'simulateTransaction');
    expect(sims[0]!.params[1]).toMatchObject({
      sigVerify: false,
      replaceRecentBlockhash: true,
      accounts: { addresses: [ME, OTHER, '11111111111111111111111111111111'], encoding: 'jsonParsed' },
    });
    expect((await post('/simulate-changes', { tx: 'AQID' })).statusCode).toBe(400);
  });

  it('history: the owner’s and its token accounts’ signatures (limit 25) merged newest first, as Operations', async () => {
    const r = await get(`/history/${ME}`);
    expect(r.json()).toMatchObject({
      operations: [
        {
          hash: SIG2,
          direction: 'in',
          value: '7000000',
          token: { contract: USDC, symbol: 'USDC' },
          blockHeight: 120,
        },
        { hash: SIG, direction: 'out', value: '1000000', fee: '5000', blockHeight: 114 },
      ],
      cursor: null,
    });
    expect(
      calls
        .filter((c) => c.method === 'getSignaturesForAddress')
        .map((c) => c.params[0])
        .sort(),
    ).toEqual([ME, TA].sort());
    expect(calls.find((c) => c.method === 'getTransaction')!.params[1]).toMatchObject({
      encoding: 'jsonParsed',
      maxSupportedTransactionVersion: 0,
    });
    expect((await get(`/history/${ME}?cursor=bm9wZQ`)).statusCode).toBe(400);
  });

  it('broadcast: base64 with encoding base64; a preflight BlockhashNotFound is refused with its reason', async () => {
    const ok = await post('/broadcast', { rawTx: 'AQID' });
    expect(ok.json()).toMatchObject({ hash: SIG });
    expect(calls.find((c) => c.method === 'sendTransaction')!.params[1]).toMatchObject({
      encoding: 'base64',
    });
    sendError = {
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound', logs: [], accounts: null, unitsConsumed: 0, returnData: null },
    };
    const r = await post('/broadcast', { rawTx: 'AQID' });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ upstreamCode: 'BlockhashNotFound' });
    expect((await post('/broadcast', { rawTx: 'not base64!' })).statusCode).toBe(400);
  });
});
