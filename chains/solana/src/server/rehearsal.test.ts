/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked by the assertions */
/**
 * Mainnet rehearsal, Solana (issue 29): the server on its mainnet profile against LiteSVM behind two stand-ins of the
 * public RPCs — api.mainnet-beta.solana.com (per-client and per-method limits answered 429 in its JSON-RPC shape,
 * getTokenAccountsByOwner refused 429, getProgramAccounts 410) and a second public node — with a dead host first in
 * the list. Every user path through the product API: account with SPL tokens, history pages, fees, a signed send and
 * its confirmation; a provider's rate limit served by the next one; a submit that lands but never answers resent as
 * the same bytes.
 */
import { DEFAULT_MNEMONIC, deadUrl, startStandIn, type StandIn } from '@secux-companion/sim-kit';
import {
  MAINNET_GENESIS_HASH as SOLANA_MAINNET_GENESIS_HASH,
  solanaPublicRpc,
  solanaSigner,
  startSolana,
  type SolanaInfo,
} from '@secux-companion/chain-solana/sim';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRehearsal, type Rehearsal } from '@secux-companion/server-kit/testing/rehearsal';
import { solanaFamily } from './index.js';

let node: Awaited<ReturnType<typeof startSolana>>;
let info: SolanaInfo;
let mainnetBeta: StandIn;
let publicNode: StandIn;
let dead: string;
let me: KeyPairSigner;
let other: KeyPairSigner;

beforeAll(async () => {
  // LiteSVM poses as mainnet-beta: the mainnet profile checks every node's genesis hash.
  node = await startSolana({
    mnemonic: DEFAULT_MNEMONIC,
    host: '127.0.0.1',
    ports: [0],
    slotMs: 0,
    genesisHash: SOLANA_MAINNET_GENESIS_HASH,
  });
  info = node.info;
  [me, other] = await Promise.all([solanaSigner(DEFAULT_MNEMONIC, 0), solanaSigner(DEFAULT_MNEMONIC, 1)]);
  dead = await deadUrl();
  // The public endpoint's limits scaled down (40 a method per 10 s → 8) so that a history page reaches them.
  mainnetBeta = await startStandIn({
    upstream: info.rpcUrls[0]!,
    behaviour: solanaPublicRpc({ perMethod: { max: 8, windowMs: 10_000 } }),
  });
  publicNode = await startStandIn({
    upstream: info.rpcUrls[0]!,
    // publicnode's limits are not published: generous here, so that it is the node that serves.
    behaviour: solanaPublicRpc({
      name: 'publicnode',
      tokenAccountsByOwner: 'served',
      perClient: { max: 1000, windowMs: 10_000 },
      perMethod: { max: 1000, windowMs: 10_000 },
    }),
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([mainnetBeta?.close(), publicNode?.close()]);
  await node?.stop();
});

const env = () => ({
  CHAIN_SOL_RPC: `${dead},${mainnetBeta.url},${publicNode.url}`,
  // A submit that never answers costs this once (the submit class's own timeout, 40 s by default).
  CHAIN_SUBMIT_TIMEOUT_MS: '3000',
});

/** A SOL transfer signed with a funded key, on the blockhash the server hands out. */
async function transfer(r: Rehearsal, lamports: bigint, to = other.address) {
  const bh = await r.get('/api/chains/SOL/blockhash');
  expect(bh.status).toBe(200);
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true); // SystemInstruction::Transfer
  view.setBigUint64(4, lamports, true);
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(me, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: bh.body.blockhash as Blockhash,
          lastValidBlockHeight: BigInt(bh.body.lastValidBlockHeight),
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [
          {
            programAddress: address('11111111111111111111111111111111'),
            accounts: [
              { address: me.address, role: AccountRole.WRITABLE_SIGNER },
              { address: address(to), role: AccountRole.WRITABLE },
            ],
            data,
          },
        ],
        m,
      ),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return { rawTx: getBase64EncodedWireTransaction(signed), hash: getSignatureFromTransaction(signed) };
}

/** The transaction's state: the finality route when the server has it, else whether the history lists it. */
async function confirmation(r: Rehearsal, hash: string): Promise<string> {
  const s = await r.get(`/api/chains/SOL/tx-status/${hash}`);
  if (s.status === 200) return s.body.state as string;
  const h = await r.get(`/api/chains/SOL/history/${me.address}`);
  expect(h.status).toBe(200);
  return (h.body.operations as any[]).some((o) => o.hash === hash) ? 'confirmed' : 'unknown';
}

describe('Solana on the mainnet profile against the public RPCs', () => {
  const r = useRehearsal(solanaFamily, env);

  it('lists SOL with the three configured nodes, the dead one included', async () => {
    const { body } = await r.get('/api/chains');
    expect((body.chains as any[]).find((c) => c.chain === 'SOL')).toMatchObject({
      providers: ['solana#1', 'solana#2', 'solana#3'],
      source: 'config',
    });
  });

  it('reads the account with its SPL and Token-2022 tokens though mainnet-beta refuses token lookups (429)', async () => {
    // Until mainnet-beta has been asked for the token accounts at least once (the first node is picked at random).
    for (let i = 0; i < 12; i++) {
      const a = await r.get(`/api/chains/SOL/account/${me.address}`);
      expect(a.status).toBe(200);
      expect(a.body.balance).toBe(info.accounts[0]!.lamports);
      expect(['solana#2', 'solana#3']).toContain(a.body.provider);
      expect((a.body.tokenAccounts as any[]).map((t) => [t.mint, t.program, t.amount]).sort()).toEqual(
        info.tokens.map((t) => [t.mint, t.program, t.amount]).sort(),
      );
      if (mainnetBeta.requests.some((q) => q.rpcMethods.includes('getTokenAccountsByOwner'))) return;
    }
    throw new Error('mainnet-beta was never asked for token accounts');
  });

  it('serves the fees from the nodes, not the fallback', async () => {
    const f = await r.get('/api/chains/SOL/fees');
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ unit: 'micro-lamports/CU' });
    expect(['solana#2', 'solana#3']).toContain(f.body.provider);
  });

  it('sends a signed transfer; the client gets its signature and the chain confirms it', async () => {
    const before = (await r.get(`/api/chains/SOL/account/${other.address}`)).body.balance as string;
    const tx = await transfer(r, 1_000_000n);
    const b = await r.post('/api/chains/SOL/broadcast', { rawTx: tx.rawTx });
    expect(b.status).toBe(200);
    expect(b.body.hash).toBe(tx.hash);
    // Finalized 32 slots later (about 12.8 s on mainnet): pending until then.
    expect(await confirmation(r, tx.hash)).toBe('pending');
    node.simulator.advance(40);
    expect(await confirmation(r, tx.hash)).toBe('confirmed');
    const after = (await r.get(`/api/chains/SOL/account/${other.address}`)).body.balance as string;
    expect(BigInt(after) - BigInt(before)).toBe(1_000_000n);
  });

  it('pages the history with its cursor while mainnet-beta rate-limits getTransaction: never a 500', async () => {
    // 30 more transfers (straight to the chain) so that the history has two pages of 25.
    for (let i = 0; i < 30; i++) {
      const tx = await transfer(r, 10_000n + BigInt(i));
      node.simulator.send(tx.rawTx);
    }
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await r.get(
        `/api/chains/SOL/history/${me.address}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      for (const op of page.body.operations as any[]) {
        expect(seen.has(op.hash)).toBe(false);
        seen.add(op.hash);
      }
      cursor = page.body.cursor as string | null;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(seen.size).toBeGreaterThanOrEqual(31);
    // mainnet-beta, cooling down after its 429s (or over its per-method limit), left the pages to the other node.
    expect(publicNode.requests.some((q) => q.rpcMethods.includes('getTransaction'))).toBe(true);
  });
});

describe('Solana: a submit that reaches the chain but never answers', () => {
  const r = useRehearsal(solanaFamily, env);
  beforeAll(() => {
    mainnetBeta.reset();
    publicNode.reset();
    // The first sendTransaction either node gets is executed by the chain, and its answer is lost.
    let dropped = false;
    const once = (q: { rpcMethods: string[] }) => {
      if (dropped || !q.rpcMethods.includes('sendTransaction')) return false;
      dropped = true;
      return true;
    };
    for (const s of [mainnetBeta, publicNode]) {
      s.fault = 'dropAfterForward';
      s.faultWhen = once;
    }
  });
  afterAll(() => {
    for (const s of [mainnetBeta, publicNode]) s.fault = undefined;
  });

  it('resends the same bytes to the next node and answers the same signature; one transfer on chain', async () => {
    // The account route: mainnet-beta's 429s on token lookups pause only those, not the send.
    const before = (await r.get(`/api/chains/SOL/account/${other.address}`)).body.balance as string;
    const tx = await transfer(r, 2_000_000n);
    const b = await r.post('/api/chains/SOL/broadcast', { rawTx: tx.rawTx });
    expect(b.body).toMatchObject({ hash: tx.hash });
    expect(b.status).toBe(200);
    const sends = [...mainnetBeta.requests, ...publicNode.requests].filter((q) =>
      q.rpcMethods.includes('sendTransaction'),
    );
    expect(sends.length).toBeGreaterThanOrEqual(2);
    const sent = sends.map((q) => (JSON.parse(q.body) as { params: unknown[] }).params[0]);
    expect(new Set(sent)).toEqual(new Set([tx.rawTx]));
    node.simulator.advance(40);
    expect(await confirmation(r, tx.hash)).toBe('confirmed');
    const after = (await r.get(`/api/chains/SOL/account/${other.address}`)).body.balance as string;
    expect(BigInt(after) - BigInt(before)).toBe(2_000_000n);
  });
});
