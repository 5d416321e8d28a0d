/**
 * Real amounts above 2^53 (issue 29): Solana, TRON and FIO nodes write lamports, sun and SUF as JSON numbers, and
 * `JSON.parse` rounds any integer beyond 2^53 − 1 — a balance above ~9 M SOL, ~9 G TRX or ~9 M FIO was refused as
 * malformed (502) or, in a history, read as another amount. Through the real routes on the mainnet profile, with fake
 * upstreams on loopback that write such numbers with every digit: the honest big answer is served exactly, while one
 * above the coin's supply is still refused (alone 502; before the honest upstream, the honest answer).
 */
import { Fio } from '@fioprotocol/fiojs';
import { TOKEN_2022_PROGRAM } from '@secux-companion/chain-solana';
import { tronHex } from '@secux-companion/chain-tron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIO_SUPPLY_SUF } from '@secux-companion/chain-fio/server/bounds';
import { fioFamily } from '@secux-companion/chain-fio/server';
import { SOL_MAX_LAMPORTS, U64_MAX } from '@secux-companion/chain-solana/server/bounds';
import { solanaFamily } from '@secux-companion/chain-solana/server';
import { TRX_MAX_SUN } from '@secux-companion/chain-tron/server/bounds';
import { MAX_SUPPLY } from '@secux-companion/chain-bitcoin/server/config';
import { utxoFamily } from '@secux-companion/chain-bitcoin/server';
import { tronFamily } from '@secux-companion/chain-tron/server';
import { parseLosslessJson } from '@secux-companion/server-kit/losslessJson';
import { liarFirst, lying, type Json } from '@secux-companion/server-kit/testing/liar';
import { jsonText, rpcHandler, type Handler, type Req } from '@secux-companion/server-kit/testing/servers';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

describe('parseLosslessJson', () => {
  it('keeps every digit of an integer beyond 2^53 and reads everything else as JSON.parse does', () => {
    const text = '{"a":12000000123456789,"b":[9007199254740991,-9007199254740993,1.5,1e3,"x"],"a2":null}';
    expect(parseLosslessJson(text)).toEqual({
      a: '12000000123456789',
      b: [9007199254740991, '-9007199254740993', 1.5, 1000, 'x'],
      a2: null,
    });
    expect(parseLosslessJson('{"a":1,"a":2,"n":1234567890123456}')).toEqual({ a: 2, n: 1234567890123456 });
  });

  it('with `decimals`, keeps the text of a decimal a double cannot hold, and only that', () => {
    const text =
      '[1234567890.12345678,1.50000000,0.00000010,12345678.12345678,0.9999994567891234,"0123456789012345"]';
    expect(parseLosslessJson(text, { decimals: true })).toEqual([
      '1234567890.12345678',
      1.5,
      1e-7,
      12345678.12345678,
      0.9999994567891234,
      '0123456789012345',
    ]);
  });

  it('refuses what is not JSON as a malformed answer, on both paths', () => {
    expect(() => parseLosslessJson('{"a":1')).toThrow(/not JSON/);
    expect(() => parseLosslessJson('{"a":12000000123456789')).toThrow(/not JSON/);
    expect(() => parseLosslessJson('[12000000123456789 x]')).toThrow(/not JSON/);
  });
});

// ---- Solana: lamports are JSON numbers (getBalance, pre/postBalances) ----

const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const OTHER = '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8';
const SIG = '5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv';
/** 12,000,000.123456789 SOL: 1.2e16 lamports, above 2^53 and not a double. */
const BIG_LAMPORTS = 12_000_000_123_456_789n;
const ctx = (value: unknown) => ({ context: { slot: 2792 }, value });
/** OWNER (holding BIG_LAMPORTS) sends `sent` lamports to OTHER, fee 5,000. */
const solTransfer = (pre: bigint, sent: bigint) => ({
  slot: 114,
  blockTime: 1_700_000_000,
  meta: {
    fee: 5000,
    err: null,
    preBalances: [pre, 0, 1],
    postBalances: [pre - sent - 5000n, sent, 1],
    preTokenBalances: [],
    postTokenBalances: [],
  },
  transaction: {
    signatures: [SIG],
    message: {
      accountKeys: [
        { pubkey: OWNER, signer: true, writable: true },
        { pubkey: OTHER, signer: false, writable: true },
        { pubkey: '11111111111111111111111111111111', signer: false, writable: false },
      ],
    },
  },
});
/** mainnet-beta's genesis hash: the chain check asks every node (getGenesisHash). */
const MAINNET_GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
const solHonest = rpcHandler({
  getGenesisHash: () => MAINNET_GENESIS,
  getBalance: () => ctx(BIG_LAMPORTS),
  getTokenAccountsByOwner: () => ctx([]),
  getSignaturesForAddress: () => [
    {
      signature: SIG,
      slot: 114,
      err: null,
      memo: null,
      blockTime: 1_700_000_000,
      confirmationStatus: 'finalized',
    },
  ],
  getTransaction: () => solTransfer(BIG_LAMPORTS, 1_000_000_000_123n),
});
const solLiar = (method: string, lie: (r: Json) => void): Handler =>
  lying(solHonest, (r: Req, b) => {
    if ((r.json as { method?: string }).method === method) lie(b);
  });
const solRun = (url: string, l: Handler) =>
  liarFirst({
    family: solanaFamily,
    env: (urls) => ({ CHAIN_SOL_RPC: urls.join(',') }),
    honest: solHonest,
    liar: l,
    url,
  });

describe('Solana amounts above 2^53', () => {
  // The facade starts at a random node: the liar is asked first here.
  beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => vi.restoreAllMocks());

  it('a balance of 12 M SOL in lamports is served exactly; one above the SOL that exist is refused', async () => {
    const above = SOL_MAX_LAMPORTS + 1n;
    expect(jsonText(ctx(BIG_LAMPORTS))).toContain(`"value":${BIG_LAMPORTS}}`);
    const { alone, first } = await solRun(
      `/api/chains/SOL/account/${OWNER}`,
      solLiar('getBalance', (b) => (b.result = ctx(above))),
    );
    expect(BIG_LAMPORTS > SAFE).toBe(true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ balance: BIG_LAMPORTS.toString(), provider: 'solana#2' });
    expect(alone.status).toBe(502);
    expect(JSON.stringify(alone.body)).not.toContain(above.toString());
  });

  it('a history of an account above 2^53 lamports gives the exact amount sent; one above the supply is refused', async () => {
    const { alone, first } = await solRun(
      `/api/chains/SOL/history/${OWNER}`,
      solLiar(
        'getTransaction',
        (b) => (b.result = solTransfer(SOL_MAX_LAMPORTS * 2n, SOL_MAX_LAMPORTS + 1n)),
      ),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.operations).toEqual([
      expect.objectContaining({ direction: 'out', value: '1000000000123', fee: '5000' }),
    ]);
    expect(alone.status).toBe(502);
  });
});

const MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
/** A Token-2022 mint with a transfer fee whose maximum is `maximumFee` (a u64, a JSON number in jsonParsed). */
const feeMint = (maximumFee: bigint) =>
  ctx({
    lamports: 4_000_000,
    owner: TOKEN_2022_PROGRAM,
    executable: false,
    rentEpoch: U64_MAX,
    space: 278,
    data: {
      program: 'spl-token-2022',
      space: 278,
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          supply: '1000000',
          isInitialized: true,
          extensions: [
            {
              extension: 'transferFeeConfig',
              state: {
                newerTransferFee: { epoch: 0, maximumFee, transferFeeBasisPoints: 100 },
                olderTransferFee: { epoch: 0, maximumFee, transferFeeBasisPoints: 100 },
                withheldAmount: 0,
              },
            },
          ],
        },
      },
    },
  });

describe('Solana Token-2022 fees above 2^53', () => {
  it('a transfer fee capped at u64::MAX (no cap) is served exactly; one above a u64 is refused', async () => {
    const node = (maximumFee: bigint) =>
      rpcHandler({
        getGenesisHash: () => MAINNET_GENESIS,
        getAccountInfo: () => feeMint(maximumFee),
        getEpochInfo: () => ({
          epoch: 700,
          slotIndex: 1,
          slotsInEpoch: 432_000,
          absoluteSlot: 1,
          blockHeight: 1,
        }),
      });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const { alone, first } = await liarFirst({
        family: solanaFamily,
        env: (urls) => ({ CHAIN_SOL_RPC: urls.join(',') }),
        honest: node(U64_MAX),
        liar: node(U64_MAX + 1n),
        url: `/api/chains/SOL/mint/${MINT}`,
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ transferFee: { basisPoints: 100, maximumFee: U64_MAX.toString() } });
      expect(alone.status).toBe(502);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

// ---- TRON: sun are JSON numbers (getaccount balance, TransferContract amounts) ----

const ME = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const FROM = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
/** 20,000,000,000.123456 TRX: 2e16 sun. */
const BIG_SUN = 20_000_000_000_123_456n;
const trxTransfer = (sun: bigint) => ({
  txID: '01'.repeat(32),
  blockNumber: 10,
  block_timestamp: 1_700_000_003_000,
  raw_data: {
    contract: [
      {
        type: 'TransferContract',
        parameter: { value: { owner_address: tronHex(FROM), to_address: tronHex(ME), amount: sun } },
      },
    ],
  },
  ret: [{ contractRet: 'SUCCESS', fee: 0 }],
});
function tronAnswer(path: string): unknown {
  switch (path) {
    case '/wallet/getaccount':
      return { address: tronHex(ME), balance: BIG_SUN };
    case '/wallet/getaccountresource':
      return { freeNetUsed: 0, freeNetLimit: 600 };
    case `/v1/accounts/${ME}`:
      return { success: true, meta: { at: 1, page_size: 1 }, data: [{ address: tronHex(ME), trc20: [] }] };
    case `/v1/accounts/${ME}/transactions`:
      return { success: true, meta: { at: 1, page_size: 1 }, data: [trxTransfer(BIG_SUN)] };
    case `/v1/accounts/${ME}/transactions/trc20`:
      return { success: true, meta: { at: 1, page_size: 0 }, data: [] };
    default:
      return { Error: 'class java.lang.IllegalArgumentException : unknown' };
  }
}
const tronHonest: Handler = (r) => ({ body: tronAnswer(r.path) });
const tronLiar = (path: string, lie: (b: Json) => void): Handler =>
  lying(tronHonest, (r: Req, b) => {
    if (r.path === path) lie(b);
  });
const tronRun = (url: string, l: Handler) =>
  liarFirst({
    family: tronFamily,
    env: (urls) => ({ CHAIN_TRX_NODES: urls.join(','), CHAIN_TRX_INDEXERS: urls.join(',') }),
    honest: tronHonest,
    liar: l,
    url,
  });

describe('TRON amounts above 2^53', () => {
  it('a balance of 20 G TRX in sun is served exactly; one above the TRX that exist is refused', async () => {
    const { alone, first } = await tronRun(
      `/api/chains/TRX/account/${ME}`,
      tronLiar('/wallet/getaccount', (b) => (b.balance = TRX_MAX_SUN + 1n)),
    );
    expect(BIG_SUN > SAFE).toBe(true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ balance: BIG_SUN.toString(), provider: 'tron-node#2' });
    expect(alone.status).toBe(502);
  });

  it('a transfer of 20 G TRX in the history is served exactly; one above the supply is refused', async () => {
    const { alone, first } = await tronRun(
      `/api/chains/TRX/history/${ME}`,
      tronLiar(`/v1/accounts/${ME}/transactions`, (b) => (b.data = [trxTransfer(TRX_MAX_SUN + 1n)])),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.operations).toEqual([
      expect.objectContaining({ direction: 'in', value: BIG_SUN.toString() }),
    ]);
    expect(alone.status).toBe(502);
  });
});

// ---- FIO: SUF are JSON numbers (get_fio_balance, trnsfiopubky amounts) ----

const KEY = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const PAYEE = 'FIO7uRvrLVrZCbCM2DtCgUMospqUMnP3JUC1sKHA8zNoF835kJBvN';
const ACTOR = Fio.accountHash(KEY);
/** 20,000,000.123456789 FIO: 2e16 SUF. */
const BIG_SUF = 20_000_000_123_456_789n;
const fioTransfer = (amount: bigint) => ({
  account_action_seq: 3,
  block_num: 90,
  block_time: '2026-01-01T00:00:00.000',
  action_trace: {
    receipt: { receiver: ACTOR, response: '{"status":"OK","fee_collected":2000000000}' },
    act: {
      account: 'fio.token',
      name: 'trnsfiopubky',
      data: { payee_public_key: PAYEE, amount, actor: ACTOR },
    },
    trx_id: 'ef'.repeat(32),
  },
});
const fioHonest: Handler = (r) => {
  switch (r.path) {
    case '/v1/chain/get_fio_balance':
      return { body: { balance: BIG_SUF, available: BIG_SUF, staked: 0, srps: 0, roe: '1.000000000000000' } };
    case '/v1/chain/get_locks':
      return { status: 404, body: { message: 'No lock tokens in account' } };
    case '/v1/chain/get_fee':
      return { body: { fee: 2_000_000_000 } };
    case '/v1/history/get_actions':
      return { body: { actions: [fioTransfer(BIG_SUF)], last_irreversible_block: 98 } };
    default:
      return { status: 404, body: { message: 'not here' } };
  }
};
const fioLiar = (path: string, lie: (b: Json) => void): Handler =>
  lying(fioHonest, (r: Req, b) => {
    if (r.path === path) lie(b);
  });
const fioRun = (url: string, l: Handler) =>
  liarFirst({
    family: fioFamily,
    env: (urls) => ({
      CHAIN_FIO_NODES: urls.join(','),
      CHAIN_FIO_STAKING_URL: 'none',
      CHAIN_TFIO_NODES: 'none',
    }),
    honest: fioHonest,
    liar: l,
    url,
  });

describe('FIO amounts above 2^53', () => {
  it('a balance of 20 M FIO in SUF is served exactly; one above the supply is refused', async () => {
    const { alone, first } = await fioRun(
      `/api/chains/FIO/account/${KEY}`,
      fioLiar('/v1/chain/get_fio_balance', (b) => {
        b.balance = FIO_SUPPLY_SUF + 1n;
        b.available = FIO_SUPPLY_SUF + 1n;
      }),
    );
    expect(BIG_SUF > SAFE).toBe(true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ balance: BIG_SUF.toString(), provider: 'fio-node#2' });
    expect(alone.status).toBe(502);
  });

  it('a transfer of 20 M FIO in the history is served exactly; one above the supply is refused', async () => {
    const { alone, first } = await fioRun(
      `/api/chains/FIO/history/${KEY}`,
      fioLiar('/v1/history/get_actions', (b) => (b.actions = [fioTransfer(FIO_SUPPLY_SUF + 1n)])),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.operations).toEqual([expect.objectContaining({ value: BIG_SUF.toString() })]);
    expect(alone.status).toBe(502);
  });
});

// ---- Bitcoin Core: coins are JSON decimals (a DOGE amount has more digits than a double holds) ----

const TXID = '383ccb5da16fccad294e24a2ef77bdee5810573bb1b252d8b2af4f0ac8c4e04c';
/** 1,234,567,890.12345678 DOGE: 18 significant digits; JSON.parse reads 1234567890.1234567. */
const BIG_DOGE = '1234567890.12345678';
/** A Bitcoin Core node answering getrawtransaction with one output of `coins`, written as the node writes it. */
const coreNode = (coins: string): Handler => {
  const rpc = rpcHandler({
    getblockchaininfo: () => ({ chain: 'main', blocks: 5_000_000 }),
    getblockcount: () => 5_000_000,
    getrawtransaction: () => ({
      txid: TXID,
      hex: '0200',
      confirmations: 2,
      blocktime: 1_700_000_000,
      vsize: 110,
      vin: [{ coinbase: '04ff', sequence: 4294967295 }],
      vout: [{ value: '@COINS@', n: 0, scriptPubKey: { hex: '76a914' } }],
    }),
  });
  return async (r) => {
    const a = await rpc(r);
    return {
      ...a,
      body: jsonText(a.body).replace('"@COINS@"', coins),
      headers: { 'content-type': 'application/json' },
    };
  };
};

describe('Bitcoin Core amounts beyond a double', () => {
  it('a DOGE output of 1,234,567,890.12345678 is served to the satoshi; one above the supply is refused', async () => {
    expect(String(JSON.parse(BIG_DOGE))).not.toBe(BIG_DOGE);
    const { alone, first } = await liarFirst({
      family: utxoFamily,
      env: (urls) => ({
        CHAIN_DOGE_BITCOIN_RPC: urls.join(','),
        CHAIN_DOGE_BLOCKBOOK: 'none',
      }),
      honest: coreNode(BIG_DOGE),
      liar: coreNode(`${MAX_SUPPLY.DOGE}.00000001`),
      url: `/api/chains/DOGE/tx/${TXID}`,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ outputs: [expect.objectContaining({ value: '123456789012345678' })] });
    expect(alone.status).toBe(502);
  });
});
