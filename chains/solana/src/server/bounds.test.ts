/**
 * A node's answer out of bounds is that node's malformed answer: the other node is asked and the client never sees it
 * (a check after the failover would end the request with a 500; an error of the wrong kind with a 400).
 */
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '@secux-companion/chain-solana';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liarFirst, lying, type Json } from '@secux-companion/server-kit/testing/liar';
import { jsonText, rpcHandler, type Handler, type Req } from '@secux-companion/server-kit/testing/servers';
import type { SignatureInfo, SolanaProvider } from './backend.js';
import { UINT64_MAX } from '@secux-companion/server-kit/bounds';
import { PRIORITY_PRICE_MAX, SOL_MAX_LAMPORTS } from './bounds.js';
import { SOL_SIGNATURES_LIMIT, SolanaFacade } from './facade.js';
import { SOLANA_MAINNET_GENESIS_HASH } from './genesis.js';
import { solanaFamily } from './index.js';

const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const TOKEN_ACCOUNT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

function node(
  name: string,
  o: { signatures: number; tokenAmount: string; mintDecimals?: number; supply?: string | null },
): SolanaProvider {
  const sigs: SignatureInfo[] = Array.from({ length: o.signatures }, (_, i) => ({
    signature: `sig${i}`,
    slot: 100 - i,
    err: null,
    blockTime: null,
  }));
  const mint = {
    lamports: 1_461_600,
    owner: TOKEN_PROGRAM,
    space: 82,
    program: 'spl-token',
    parsed: { type: 'mint', info: { decimals: o.mintDecimals ?? 6, supply: o.supply ?? '1000' } },
  };
  return {
    name,
    timeoutMs: 1000,
    getBalance: () => Promise.resolve(5_000),
    getEpoch: () => Promise.resolve(500),
    getAccountInfo: () => Promise.resolve(mint),
    // The mint (null: this node says it does not exist); no Metaplex account.
    getMultipleAccounts: (keys: string[]) =>
      Promise.resolve(keys.map((k) => (k === MINT && o.supply !== null ? mint : null))),
    getSignaturesForAddress: () => Promise.resolve(sigs),
    getTransaction: () => Promise.resolve(null),
    getTokenAccountsByOwner: (_owner: string, program: string) =>
      Promise.resolve(
        program === TOKEN_PROGRAM
          ? [
              {
                pubkey: TOKEN_ACCOUNT,
                account: {
                  lamports: 2_039_280,
                  owner: TOKEN_PROGRAM,
                  space: 165,
                  program: 'spl-token',
                  parsed: {
                    type: 'account',
                    info: {
                      mint: MINT,
                      state: 'initialized',
                      tokenAmount: { amount: o.tokenAmount, decimals: 6 },
                    },
                  },
                },
              },
            ]
          : [],
      ),
  } as unknown as SolanaProvider;
}

const facade = (first: SolanaProvider, second: SolanaProvider) =>
  new SolanaFacade({
    chain: 'SOL',
    providers: [first, second],
    balanceProviders: [first, second],
    random: () => 0,
  });

describe('Solana answers out of bounds', () => {
  it('asks the other node when one lists more signatures than asked for', async () => {
    const f = facade(
      node('absurd', { signatures: SOL_SIGNATURES_LIMIT + 1, tokenAmount: '1' }),
      node('sane', { signatures: 3, tokenAmount: '1' }),
    );
    await expect(f.account(OWNER, {})).resolves.toMatchObject({ txCount: 3 });
  });

  it('a history page: asks the other node when one lists more signatures than asked for', async () => {
    const sane = node('sane', { signatures: 3, tokenAmount: '1' });
    const calls = vi.spyOn(sane, 'getSignaturesForAddress');
    const f = facade(node('absurd', { signatures: SOL_SIGNATURES_LIMIT + 1, tokenAmount: '1' }), sane);
    await f.history(OWNER, {});
    // The owner's and its token account's signatures, each from the other node once the first overran the limit.
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('asks the other node when one gives a token amount above u64', async () => {
    const f = facade(
      node('absurd', { signatures: 1, tokenAmount: (UINT64_MAX + 1n).toString() }),
      node('sane', { signatures: 1, tokenAmount: '42' }),
    );
    const a = await f.account(OWNER, {});
    expect(a.tokenAccounts).toEqual([expect.objectContaining({ mint: MINT, amount: '42' })]);
  });

  it("asks the other node when one claims a token balance above its mint's supply", async () => {
    const f = facade(
      node('absurd', { signatures: 1, tokenAmount: '1001', supply: '1000' }),
      node('sane', { signatures: 1, tokenAmount: '1000', supply: '1000' }),
    );
    const a = await f.account(OWNER, {});
    expect(a.tokenAccounts).toEqual([expect.objectContaining({ mint: MINT, amount: '1000' })]);
  });

  it('asks the other node when one holds a balance of a mint it says does not exist', async () => {
    const f = facade(
      node('absurd', { signatures: 1, tokenAmount: '5', supply: null }),
      node('sane', { signatures: 1, tokenAmount: '7' }),
    );
    const a = await f.account(OWNER, {});
    expect(a.tokenAccounts).toEqual([expect.objectContaining({ mint: MINT, amount: '7' })]);
  });

  it('asks the other node when one gives a mint more than 255 decimals', async () => {
    const f = facade(
      node('absurd', { signatures: 1, tokenAmount: '1', mintDecimals: 300 }),
      node('sane', { signatures: 1, tokenAmount: '1', mintDecimals: 9 }),
    );
    await expect(f.mint(MINT)).resolves.toMatchObject({ decimals: 9, provider: 'sane' });
  });
});

// ---- through the routes, with fake JSON-RPC nodes (issue 29: a history amount of 1e19 lamports served with 200) ----

const SIG = '5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv';
const OTHER = '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8';
const ctx = (value: unknown) => ({ context: { slot: 2792 }, value });
/** 12,000,000.123456789 SOL: 1.2e16 lamports, above 2^53 and not a double (nodes write lamports as JSON numbers). */
const BIG_LAMPORTS = 12_000_000_123_456_789n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** OWNER (holding `pre` lamports) sends `amount` lamports to OTHER, fee 5,000. */
const transfer = (pre: bigint, amount: bigint) => ({
  slot: 114,
  blockTime: 1_700_000_000,
  meta: {
    fee: 5000,
    err: null,
    preBalances: [pre, 0, 1],
    postBalances: [pre - amount - 5000n, amount, 1],
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
/** A node whose OWNER holds `lamports` and made one transfer, `tx`. */
const honestWith = (lamports: bigint, tx: unknown) =>
  rpcHandler({
    getGenesisHash: () => SOLANA_MAINNET_GENESIS_HASH,
    getBalance: () => ctx(lamports),
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
    getTransaction: () => tx,
    getRecentPrioritizationFees: () => [
      { slot: 348125, prioritizationFee: 0 },
      { slot: 348126, prioritizationFee: 1000 },
      { slot: 348127, prioritizationFee: 500 },
    ],
  });
/** OWNER sends 1,000,000 lamports to OTHER (fee 5,000). */
const honest = honestWith(10_000_000n, transfer(10_000_000n, 1_000_000n));
/** OWNER holds 12 M SOL and sends 1,000.000000123 SOL. */
const bigHonest = honestWith(BIG_LAMPORTS, transfer(BIG_LAMPORTS, 1_000_000_000_123n));
const liar = (method: string, lie: (result: Json) => void, h = honest): Handler =>
  lying(h, (r: Req, b) => {
    if ((r.json as { method?: string }).method === method) lie(b.result);
  });
const run = (url: string, l: Handler, h = honest) =>
  liarFirst({
    family: solanaFamily,
    env: (urls) => ({ CHAIN_SOL_RPC: urls.join(',') }),
    honest: h,
    liar: l,
    url,
  });

describe('Solana bounds by meaning, through the routes', () => {
  // The facade starts at a random node: the liar is asked first here.
  beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => vi.restoreAllMocks());

  it('a transfer of 1e19 lamports (more SOL than exist, within a u64): the other node answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/SOL/history/${OWNER}`,
      liar('getTransaction', (t) => {
        t.meta.preBalances[0] = '10000000000000005000';
        t.meta.postBalances = ['0', '10000000000000000000', 1];
      }),
    );
    expect(10n ** 19n > SOL_MAX_LAMPORTS && 10n ** 19n < UINT64_MAX).toBe(true);
    expect(first.status).toBe(200);
    expect(first.body.operations).toEqual([expect.objectContaining({ value: '1000000', fee: '5000' })]);
    expect(alone.status).toBe(502);
    expect(JSON.stringify(alone.body)).not.toContain('10000000000000000000');
  });

  it('a priority price above the plausible one: the other node’s prices; alone, the spec’s fallback', async () => {
    const lie = String(PRIORITY_PRICE_MAX + 1);
    const { alone, first } = await run(
      '/api/chains/SOL/fees',
      liar('getRecentPrioritizationFees', (l) => (l[1].prioritizationFee = PRIORITY_PRICE_MAX + 1)),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ source: 'network', provider: 'solana#2' });
    expect(JSON.stringify(first.body)).not.toContain(lie);
    expect(alone.status).toBe(200);
    expect(alone.body).toMatchObject({ source: 'fallback' });
    expect(JSON.stringify(alone.body)).not.toContain(lie);
  });
});

// ---- amounts above 2^53: lamports and Token-2022 fees are JSON numbers, served with every digit ----

describe('Solana amounts above 2^53', () => {
  // The facade starts at a random node: the liar is asked first here.
  beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => vi.restoreAllMocks());

  it('a balance of 12 M SOL in lamports is served exactly; one above the SOL that exist is refused', async () => {
    const above = SOL_MAX_LAMPORTS + 1n;
    expect(jsonText(ctx(BIG_LAMPORTS))).toContain(`"value":${BIG_LAMPORTS}}`);
    const { alone, first } = await run(
      `/api/chains/SOL/account/${OWNER}`,
      liar('getBalance', (b) => Object.assign(b, ctx(above)), bigHonest),
      bigHonest,
    );
    expect(BIG_LAMPORTS > SAFE).toBe(true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ balance: BIG_LAMPORTS.toString(), provider: 'solana#2' });
    expect(alone.status).toBe(502);
    expect(JSON.stringify(alone.body)).not.toContain(above.toString());
  });

  it('a history of an account above 2^53 lamports gives the exact amount sent; one above the supply is refused', async () => {
    const { alone, first } = await run(
      `/api/chains/SOL/history/${OWNER}`,
      liar(
        'getTransaction',
        (t) => Object.assign(t, transfer(SOL_MAX_LAMPORTS * 2n, SOL_MAX_LAMPORTS + 1n)),
        bigHonest,
      ),
      bigHonest,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.operations).toEqual([
      expect.objectContaining({ direction: 'out', value: '1000000000123', fee: '5000' }),
    ]);
    expect(alone.status).toBe(502);
  });
});

/** A Token-2022 mint with a transfer fee whose maximum is `maximumFee` (a u64, a JSON number in jsonParsed). */
const feeMint = (maximumFee: bigint) =>
  ctx({
    lamports: 4_000_000,
    owner: TOKEN_2022_PROGRAM,
    executable: false,
    rentEpoch: UINT64_MAX,
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
    const feeNode = (maximumFee: bigint) =>
      rpcHandler({
        getGenesisHash: () => SOLANA_MAINNET_GENESIS_HASH,
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
        honest: feeNode(UINT64_MAX),
        liar: feeNode(UINT64_MAX + 1n),
        url: `/api/chains/SOL/mint/${MINT}`,
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({
        transferFee: { basisPoints: 100, maximumFee: UINT64_MAX.toString() },
      });
      expect(alone.status).toBe(502);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
